# A 2048 player (boj28489) that is slow on purpose: it waits 50 ms before each reply and
# picks the first move that changes its own copy of the board, so a game lasts hundreds of
# rounds (many seconds), for tests that interrupt games while they are played.
import sys
import time

LINES = {
    "DOWN": [[c + 4 * (3 - r) for r in range(4)] for c in range(4)],
    "LEFT": [[r * 4 + c for c in range(4)] for r in range(4)],
    "RIGHT": [[r * 4 + 3 - c for c in range(4)] for r in range(4)],
    "UP": [[c + 4 * r for r in range(4)] for c in range(4)],
}


def slide(values):
    tiles = [v for v in values if v]
    out = []
    i = 0
    while i < len(tiles):
        if i + 1 < len(tiles) and tiles[i] == tiles[i + 1]:
            out.append(2 * tiles[i])
            i += 2
        else:
            out.append(tiles[i])
            i += 1
    return out + [0] * (4 - len(out))


def moved(board, direction):
    after = board[:]
    for cells in LINES[direction]:
        for cell, value in zip(cells, slide([board[c] for c in cells])):
            after[cell] = value
    return after


board = [0] * 16
for line in sys.stdin:
    cell = int(line)
    if cell == -1:
        break
    board[cell - 1] = 2
    time.sleep(0.05)
    for direction in LINES:
        after = moved(board, direction)
        if after != board:
            break
    board = after
    print(direction, flush=True)
