# Wrong answer: allows i == j, so it answers "1 1" on secret/lenient/1 (a[1] = 5, t = 10).
import sys

tokens = sys.stdin.read().split()
n, t = int(tokens[0]), int(tokens[1])
a = [int(x) for x in tokens[2:2 + n]]
for i in range(n):
    for j in range(i, n):
        if a[i] + a[j] == t:
            print(i + 1, j + 1)
            sys.exit(0)
print("impossible")
