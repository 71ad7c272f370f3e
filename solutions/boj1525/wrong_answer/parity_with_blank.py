# Rejects tables with an odd inversion count before the BFS, but counts the
# blank (0) as a tile, so many solvable tables are answered -1.
# Expected: wrong answer. Reveals it: sample 1 "1 0 3 / 4 2 5 / 7 8 6"
# -> correct 3, prints -1.
import sys
from collections import deque


def main():
    cells = [int(x) for x in sys.stdin.read().split()]
    # "odd number of inversions -> unsolvable", but the blank is counted as a
    # tile too (it must be left out), so half of the solvable tables get -1
    inv = 0
    for i in range(9):
        for j in range(i + 1, 9):
            if cells[i] > cells[j]:
                inv += 1
    if inv % 2 == 1:
        print(-1)
        return
    start = "".join(map(str, cells))
    goal = "123456780"
    dist = {start: 0}
    q = deque([start])
    while q:
        cur = q.popleft()
        if cur == goal:
            print(dist[cur])
            return
        z = cur.index("0")
        r, c = divmod(z, 3)
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= nr < 3 and 0 <= nc < 3:
                p = nr * 3 + nc
                lst = list(cur)
                lst[z], lst[p] = lst[p], "0"
                nxt = "".join(lst)
                if nxt not in dist:
                    dist[nxt] = dist[cur] + 1
                    q.append(nxt)
    print(-1)


main()
