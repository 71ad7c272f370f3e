# Time limit exceeded: a "sum" of n x n x 100n steps that is fine for the samples and tiny
# groups but far too slow for n = 1000 (secret/group1/10), even under PyPy, whose JIT ran
# n^3 steps in 1.2-1.4 s: within twice the 1 s limit, a "sensitive to the time limit" warning
# on a quiet machine.
import sys

tokens = sys.stdin.read().split()
n = int(tokens[0])
a = [int(t) for t in tokens[1:1 + n]]
s = 0
for i in range(n):
    for j in range(n):
        for k in range(100 * n):
            if j == 0 and k == 0:
                s += a[i]
print(s)
