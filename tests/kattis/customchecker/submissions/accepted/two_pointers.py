# Accepted: sort, then two pointers from both ends; yet another choice of pair.
# Prints "IMPOSSIBLE" in upper case: the checker compares that word case-insensitively.
import sys

tokens = sys.stdin.read().split()
n, t = int(tokens[0]), int(tokens[1])
a = [int(x) for x in tokens[2:2 + n]]
order = sorted(range(n), key=lambda k: a[k])
lo, hi = 0, n - 1
while lo < hi:
    s = a[order[lo]] + a[order[hi]]
    if s == t:
        i, j = sorted((order[lo] + 1, order[hi] + 1))
        print(i, j)
        sys.exit(0)
    if s < t:
        lo += 1
    else:
        hi -= 1
print("IMPOSSIBLE")
