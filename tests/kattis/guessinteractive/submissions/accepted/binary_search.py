# Accepted: binary search, at most ceil(log2(n+1)) guesses.
import sys

n, q = map(int, sys.stdin.readline().split())
lo, hi = 1, n
while True:
    g = (lo + hi) // 2
    print(g, flush=True)
    reply = sys.stdin.readline().strip()
    if reply == "correct":
        break
    if reply == "lower":
        hi = g - 1
    elif reply == "higher":
        lo = g + 1
    else:
        sys.exit(0)  # unexpected reply or EOF: the judge has already decided
