# Accepted: Python's shortest round-trip repr, e.g. 0.001, 1e-09, 142857142.85714287.
import sys

tokens = sys.stdin.read().split()
n = int(tokens[0])
for i in range(n):
    p, q = int(tokens[1 + 2 * i]), int(tokens[2 + 2 * i])
    print(p / q)
