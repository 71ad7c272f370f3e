# Walks the rising diagonal downward (down-left) from its upper-right end, so
# for that direction it reports the rightmost (top) stone instead of the
# leftmost (lowest) one. Expected: wrong answer. Reveals it: black stones at
# (15,3) (14,4) (13,5) (12,6) (11,7) only -> correct "1 / 15 3", prints "1 / 11 7".
import sys


def main():
    vals = sys.stdin.read().split()
    b = [[int(vals[i * 19 + j]) for j in range(19)] for i in range(19)]

    def at(r, c):
        if 0 <= r < 19 and 0 <= c < 19:
            return b[r][c]
        return 0

    for r in range(19):
        for c in range(19):
            col = b[r][c]
            if col == 0:
                continue
            # the fourth direction walks the rising diagonal downward (down-left),
            # so its run starts at the upper-right end
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                if at(r - dr, c - dc) == col:
                    continue
                n = 1
                while at(r + n * dr, c + n * dc) == col:
                    n += 1
                if n == 5:
                    print(col)
                    print(r + 1, c + 1)
                    return
    print(0)


main()
