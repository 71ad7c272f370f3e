# Wrong answer: integer (floor) division. 1 // 1000 = 0 is off by 1e-3.
import sys

tokens = sys.stdin.read().split()
n = int(tokens[0])
for i in range(n):
    p, q = int(tokens[1 + 2 * i]), int(tokens[2 + 2 * i])
    print(p // q)
