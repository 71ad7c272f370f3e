# Accepted: binary search over 1..N asks at most ceil(log2(10^9)) = 30 questions, within 31.
import sys

n = int(sys.stdin.readline())
low, high = 1, n
while True:
    middle = (low + high) // 2
    print("?", middle, flush=True)
    reply = sys.stdin.readline().strip()
    if reply == "=":
        break
    if reply == "<":
        high = middle - 1
    else:
        low = middle + 1
