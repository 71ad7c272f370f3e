# Accepted: scientific notation with an upper-case E and only 7 significant digits,
# e.g. 1.000000E-03, 1.428571E+08 (off by 42.857 from 142857142.857: inside the
# relative tolerance 1e-6 * 1.43e8 = 142.9, far outside the absolute one).
import sys

tokens = sys.stdin.read().split()
n = int(tokens[0])
for i in range(n):
    p, q = int(tokens[1 + 2 * i]), int(tokens[2 + 2 * i])
    print("%.6E" % (p / q))
