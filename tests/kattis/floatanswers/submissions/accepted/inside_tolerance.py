# Accepted at the edge: every answer is off by 0.9 x the allowed error,
# i.e. 0.9 * max(1e-6, 1e-6 * |answer|) (absolute OR relative tolerance 1e-6).
import sys

tokens = sys.stdin.read().split()
n = int(tokens[0])
for i in range(n):
    p, q = int(tokens[1 + 2 * i]), int(tokens[2 + 2 * i])
    v = p / q
    print(repr(v + 0.9 * max(1e-6, 1e-6 * abs(v))))
