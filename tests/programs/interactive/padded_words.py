# Answers with surrounding spaces and CRLF line ends, which the protocol allows; it plays the
# first direction that changes the board and ends properly at -1, so every game is AC (its
# scores are low, so the submission as a whole is WA by mean score).
import sys

SIZE = 4
board = [0] * 16


def slide(cells):
    values = [v for v in cells if v]
    out = []
    i = 0
    while i < len(values):
        if i + 1 < len(values) and values[i] == values[i + 1]:
            out.append(values[i] * 2)
            i += 2
        else:
            out.append(values[i])
            i += 1
    return out + [0] * (len(cells) - len(out))


def lines(direction):
    for k in range(SIZE):
        if direction == "LEFT":
            yield [k * 4 + c for c in range(4)]
        elif direction == "RIGHT":
            yield [k * 4 + 3 - c for c in range(4)]
        elif direction == "UP":
            yield [r * 4 + k for r in range(4)]
        else:
            yield [(3 - r) * 4 + k for r in range(4)]


def move(direction):
    changed = False
    for cells in lines(direction):
        before = [board[i] for i in cells]
        after = slide(before)
        if after != before:
            changed = True
            for i, v in zip(cells, after):
                board[i] = v
    return changed


for line in sys.stdin:
    position = int(line)
    if position < 0:
        break
    board[position - 1] = 2
    chosen = "UP"
    for direction in ["DOWN", "LEFT", "RIGHT", "UP"]:
        saved = board[:]
        if move(direction):
            chosen = direction
            board[:] = saved
            break
        board[:] = saved
    move(chosen)
    sys.stdout.write("  " + chosen + " \r\n")
    sys.stdout.flush()
