# Run-time error: reads the numbers as a fixed-size tuple, which raises ValueError
# (uncaught exception: exit code 1) unless n == 3.
import sys

tokens = sys.stdin.read().split()
x, y, z = (int(t) for t in tokens[1:])
print(x + y + z)
