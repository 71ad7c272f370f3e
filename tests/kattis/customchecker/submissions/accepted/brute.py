# Accepted: O(n^2) search; prints the pair with the smallest i (then smallest j), which often
# differs from the answer file's pair.
import sys

tokens = sys.stdin.read().split()
n, t = int(tokens[0]), int(tokens[1])
a = [int(x) for x in tokens[2:2 + n]]
for i in range(n):
    need = t - a[i]
    for j in range(i + 1, n):
        if a[j] == need:
            print(i + 1, j + 1)
            sys.exit(0)
print("impossible")
