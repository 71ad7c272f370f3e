# Wrong answer only where the order is checked: prints a valid pair as "j i" (j > i).
# Accepted on data/sample and data/secret/lenient; rejected on data/secret/strict,
# whose testdata.yaml gives the validator the flag strict_order.
import sys

tokens = sys.stdin.read().split()
n, t = int(tokens[0]), int(tokens[1])
a = [int(x) for x in tokens[2:2 + n]]
seen = {}
for j, x in enumerate(a, 1):
    if t - x in seen:
        print(j, seen[t - x])
        sys.exit(0)
    seen.setdefault(x, j)
print("impossible")
