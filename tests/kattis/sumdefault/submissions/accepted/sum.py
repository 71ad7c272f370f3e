# Accepted: Python 3, arbitrary-precision sum.
import sys

tokens = sys.stdin.read().split()
n = int(tokens[0])
print(sum(int(t) for t in tokens[1:1 + n]))
