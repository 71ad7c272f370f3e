# Checks runs starting at each stone in four directions (right, down,
# down-right, up-right); a run is counted only from its first stone, which is
# then its leftmost (or, vertically, topmost) stone. Exactly 5 wins.
# Expected verdict: accepted.
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
            for dr, dc in ((0, 1), (1, 0), (1, 1), (-1, 1)):
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
