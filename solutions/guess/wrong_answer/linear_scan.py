# Wrong answer: asks 1, 2, 3, ... in turn, so a secret above 31 needs more questions than the
# judge allows (the sample "10 7" passes; generated tests with large secrets do not).
import sys

n = int(sys.stdin.readline())
for y in range(1, n + 1):
    print("?", y, flush=True)
    if sys.stdin.readline().strip() == "=":
        break
