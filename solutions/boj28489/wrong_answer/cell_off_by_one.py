# The same expectimax player as accepted/greedy_lookahead.py (bitboard of
# 16 nibbles, row tables, 3-move expectimax over 2-tile placements), with one
# mistake people really make: the cell index P is 1-based (1..16) but the
# program uses it as a 0-based index, so every new 2 lands one cell further
# on in its model of the board (cell 16 even falls off the board, and a 2 put
# on a cell the model thinks is occupied raises that tile's rank). The model
# drifts away from the real board; sooner or later the program answers a move
# that changes its model but not the real board, the grader writes -1, and
# the program exits normally. Every game ends properly, but early.
#
# Measured with the local grader (judge test ... --games 16, seed 20261121):
# mean 10.5 (min 2, max 32; games end after 0 to 42 moves).
# Expected verdict: wrong answer (average score < 2048).
import sys


def build_tables():
    row_left = [0] * 65536
    row_right = [0] * 65536
    heur = [0.0] * 65536
    for r in range(65536):
        line = [r & 15, (r >> 4) & 15, (r >> 8) & 15, (r >> 12) & 15]
        # slide toward nibble 0 (= toward column 0 for a row)
        vals = [v for v in line if v]
        out = []
        i = 0
        n = len(vals)
        while i < n:
            if i + 1 < n and vals[i] == vals[i + 1] and vals[i] < 15:
                out.append(vals[i] + 1)
                i += 2
            else:
                out.append(vals[i])
                i += 1
        out += [0] * (4 - len(out))
        res = out[0] | (out[1] << 4) | (out[2] << 8) | (out[3] << 12)
        row_left[r] = res
        # sliding the reversed row the other way gives the reversed result
        rev = ((r & 15) << 12) | (((r >> 4) & 15) << 8) | (((r >> 8) & 15) << 4) | (r >> 12)
        rres = ((res & 15) << 12) | (((res >> 4) & 15) << 8) | (((res >> 8) & 15) << 4) | (res >> 12)
        row_right[rev] = rres
        # evaluation of one line
        empty = 0
        merges = 0
        prev = 0
        counter = 0
        s = 0.0
        for v in line:
            s += v ** 3.5
            if v == 0:
                empty += 1
            else:
                if prev == v:
                    counter += 1
                elif counter > 0:
                    merges += 1 + counter
                    counter = 0
                prev = v
        if counter > 0:
            merges += 1 + counter
        mono_a = mono_b = 0.0
        for k in range(3):
            a = line[k]
            b = line[k + 1]
            if a > b:
                mono_a += a ** 4 - b ** 4
            else:
                mono_b += b ** 4 - a ** 4
        heur[r] = 200000.0 + 270.0 * empty + 700.0 * merges - 47.0 * min(mono_a, mono_b) - 11.0 * s
    return row_left, row_right, heur


rowL, rowR, heur = build_tables()
colU = [0] * 65536
colD = [0] * 65536
for _r in range(65536):
    _a = rowL[_r]
    colU[_r] = (_a & 15) | ((_a >> 4) & 15) << 16 | ((_a >> 8) & 15) << 32 | (_a >> 12) << 48
    _a = rowR[_r]
    colD[_r] = (_a & 15) | ((_a >> 4) & 15) << 16 | ((_a >> 8) & 15) << 32 | (_a >> 12) << 48
M = 0xFFFF
ONES = 0x1111111111111111
NAMES = ("UP", "DOWN", "LEFT", "RIGHT")


def transpose(x):
    a = (x & 0xF0F00F0FF0F00F0F) | ((x & 0x0000F0F00000F0F0) << 12) | ((x & 0x0F0F00000F0F0000) >> 12)
    return (a & 0xFF00FF0000FF00FF) | ((a & 0x00FF00FF00000000) >> 24) | ((a & 0x00000000FF00FF00) << 24)


_ecache = {}


def empties(b):
    """Tuple of the bits that put a 2 (nibble value 1) on each empty cell."""
    x = b | (b >> 2)
    x = (x | (x >> 1)) & ONES
    m = x ^ ONES
    c = _ecache.get(m)
    if c is None:
        cells = []
        mm = m
        while mm:
            low = mm & -mm
            cells.append(low)
            mm ^= low
        c = tuple(cells)
        _ecache[m] = c
    return c


def moves(b):
    """List of (direction, new board) for the moves that change the board."""
    r0 = b & M
    r1 = (b >> 16) & M
    r2 = (b >> 32) & M
    r3 = (b >> 48) & M
    t = transpose(b)
    c0 = t & M
    c1 = (t >> 16) & M
    c2 = (t >> 32) & M
    c3 = (t >> 48) & M
    out = []
    nb = colU[c0] | colU[c1] << 4 | colU[c2] << 8 | colU[c3] << 12
    if nb != b:
        out.append((0, nb))
    nb = colD[c0] | colD[c1] << 4 | colD[c2] << 8 | colD[c3] << 12
    if nb != b:
        out.append((1, nb))
    nb = rowL[r0] | rowL[r1] << 16 | rowL[r2] << 32 | rowL[r3] << 48
    if nb != b:
        out.append((2, nb))
    nb = rowR[r0] | rowR[r1] << 16 | rowR[r2] << 32 | rowR[r3] << 48
    if nb != b:
        out.append((3, nb))
    return out


def hval(b):
    t = transpose(b)
    return (heur[b & M] + heur[(b >> 16) & M] + heur[(b >> 32) & M] + heur[(b >> 48) & M]
            + heur[t & M] + heur[(t >> 16) & M] + heur[(t >> 32) & M] + heur[(t >> 48) & M])


CUT = 1e-3
# The search budget is counted in positions searched (the transposition table's
# entries after each move, plus the moves tried), never read from a clock, so a
# seed gives the same game on any machine and under any load.
DEPTH3_NODES = 300000      # past this many positions in the game, search 2 moves
DEPTH2_NODES = 330000      # past this, 1 move
HARD_STOP_NODES = 350000   # past this, end the game on purpose
tt = {}


def chance(b, depth, prob):
    """Expected value of board b (just after our move) with `depth` moves to go."""
    if depth == 0 or prob < CUT:
        return hval(b)
    key = (b, depth)
    v = tt.get(key)
    if v is not None:
        return v
    cells = empties(b)
    n = len(cells)
    p = prob / n
    d1 = depth - 1
    tot = 0.0
    for c in cells:
        x = b | c
        r0 = x & M
        r1 = (x >> 16) & M
        r2 = (x >> 32) & M
        r3 = (x >> 48) & M
        t = transpose(x)
        c0 = t & M
        c1 = (t >> 16) & M
        c2 = (t >> 32) & M
        c3 = (t >> 48) & M
        best = 0.0  # no move left: lost
        nb = colU[c0] | colU[c1] << 4 | colU[c2] << 8 | colU[c3] << 12
        if nb != x:
            v = chance(nb, d1, p)
            if v > best:
                best = v
        nb = colD[c0] | colD[c1] << 4 | colD[c2] << 8 | colD[c3] << 12
        if nb != x:
            v = chance(nb, d1, p)
            if v > best:
                best = v
        nb = rowL[r0] | rowL[r1] << 16 | rowL[r2] << 32 | rowL[r3] << 48
        if nb != x:
            v = chance(nb, d1, p)
            if v > best:
                best = v
        nb = rowR[r0] | rowR[r1] << 16 | rowR[r2] << 32 | rowR[r3] << 48
        if nb != x:
            v = chance(nb, d1, p)
            if v > best:
                best = v
        tot += best
    v = tot / n
    tt[key] = v
    return v


def choose(ms, depth):
    tt.clear()
    best = -1.0
    bd = ms[0]
    for item in ms:
        v = chance(item[1], depth - 1, 1.0)
        if v > best:
            best = v
            bd = item
    return bd


def main():
    readline = sys.stdin.readline
    write = sys.stdout.write
    flush = sys.stdout.flush
    searched = 0                          # positions searched in the game so far
    b = 0
    while True:
        line = readline()
        if not line:
            return
        line = line.strip()
        if not line:
            continue
        p = int(line)
        if p == -1:
            return
        b |= 1 << (4 * p)                # a 2 (rank 1) on cell p
        ms = moves(b)
        if not ms:
            write("UP\n")                 # nothing moves: the game is over
            flush()
            continue
        if searched < DEPTH3_NODES:
            depth = 3
        elif searched < DEPTH2_NODES:
            depth = 2
        elif searched < HARD_STOP_NODES:
            depth = 1
        else:
            # safety net: end the game with a move that changes nothing
            changing = {d for d, _ in ms}
            idle = [d for d in range(4) if d not in changing]
            if idle:
                write(NAMES[idle[0]] + "\n")
                flush()
                continue
            depth = 1
        d, b = choose(ms, depth)
        searched += len(tt) + len(ms)
        write(NAMES[d] + "\n")
        flush()


main()
