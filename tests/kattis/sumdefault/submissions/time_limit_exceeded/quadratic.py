# Time limit exceeded: a cubic "sum" that is fine for the samples and tiny groups but far too
# slow for n = 1000 (secret/group1/10).
import sys

tokens = sys.stdin.read().split()
n = int(tokens[0])
a = [int(t) for t in tokens[1:1 + n]]
s = 0
for i in range(n):
    for j in range(n):
        for k in range(n):
            if j == 0 and k == 0:
                s += a[i]
print(s)
