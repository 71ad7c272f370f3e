# Counts a run without checking that the index stays below 19, so any stone in
# the last row or column makes b[r][19] / b[19] raise IndexError (passes the
# sample). Expected: run-time error. Reveals it: white five at row 19,
# columns 15..19 (answer "2 / 19 15") -> IndexError, exit code 1.
import sys


def main():
    vals = sys.stdin.read().split()
    b = [[int(vals[i * 19 + j]) for j in range(19)] for i in range(19)]
    for r in range(19):
        for c in range(19):
            col = b[r][c]
            if col == 0:
                continue
            for dr, dc in ((0, 1), (1, 0), (1, 1), (-1, 1)):
                pr, pc = r - dr, c - dc
                if 0 <= pr < 19 and 0 <= pc < 19 and b[pr][pc] == col:
                    continue
                n = 1
                # only guards against running off the top: no check for 19
                while r + n * dr >= 0 and b[r + n * dr][c + n * dc] == col:
                    n += 1
                if n == 5:
                    print(col)
                    print(r + 1, c + 1)
                    return
    print(0)


main()
