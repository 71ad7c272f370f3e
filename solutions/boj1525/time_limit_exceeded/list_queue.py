# BFS with a plain list as queue (pop(0)) and a list of seen tables, so each
# membership test scans up to 181440 strings. Fast when the answer is near,
# hopeless otherwise: on the unsolvable "2 1 3 / 4 5 6 / 7 8 0" still running
# after 25 s (killed; Python limit 1*3+2 = 5 s). Expected: TLE.
import sys


def main():
    start = "".join(sys.stdin.read().split())
    goal = "123456780"
    queue = [(start, 0)]
    seen = [start]  # a list: every membership test scans it
    while queue:
        cur, d = queue.pop(0)
        if cur == goal:
            print(d)
            return
        z = cur.index("0")
        r, c = divmod(z, 3)
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= nr < 3 and 0 <= nc < 3:
                p = nr * 3 + nc
                lst = list(cur)
                lst[z], lst[p] = lst[p], "0"
                nxt = "".join(lst)
                if nxt not in seen:
                    seen.append(nxt)
                    queue.append((nxt, d + 1))
    print(-1)


main()
