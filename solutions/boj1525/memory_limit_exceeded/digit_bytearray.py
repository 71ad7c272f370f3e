# Same idea in Python: bytearray(876543211) indexed by the 9-digit number.
# The bytearray is zero-filled on creation, so every page is touched at once:
# measured 870 MB peak RSS on any input, even sample 1 (Python limit
# 32*2+32 = 96 MiB). Expected: memory limit exceeded.
import sys
from collections import deque


def main():
    start = int("".join(sys.stdin.read().split()))
    goal = 123456780
    # distance + 1 for every 9-digit number, 0 = not seen yet
    dist = bytearray(876543211)
    dist[start] = 1
    q = deque([start])
    while q:
        cur = q.popleft()
        if cur == goal:
            print(dist[cur] - 1)
            return
        s = str(cur).zfill(9)
        z = s.index("0")
        r, c = divmod(z, 3)
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= nr < 3 and 0 <= nc < 3:
                p = nr * 3 + nc
                lst = list(s)
                lst[z], lst[p] = lst[p], "0"
                nxt = int("".join(lst))
                if not dist[nxt]:
                    dist[nxt] = dist[cur] + 1
                    q.append(nxt)
    print(-1)


main()
