# Plays without looking ahead: tries UP, LEFT, RIGHT, DOWN in this order and
# answers the first move that changes the board. Such a player piles tiles
# into the top-left corner but soon jams; its games end around 64-256, so
# the average over the 16 games stays far below 2048.
# Expected verdict: wrong answer (average score < 2048).
import sys

ORDER = ["UP", "LEFT", "RIGHT", "DOWN"]


def slide(board, move):
    """Return the board after `move` (board is a list of 16 ints, 0 = empty)."""
    new = board[:]
    for line in range(4):
        if move == "UP":
            idx = [k * 4 + line for k in range(4)]
        elif move == "DOWN":
            idx = [(3 - k) * 4 + line for k in range(4)]
        elif move == "LEFT":
            idx = [line * 4 + k for k in range(4)]
        else:
            idx = [line * 4 + 3 - k for k in range(4)]
        vals = [board[i] for i in idx if board[i]]
        out = []
        i = 0
        while i < len(vals):
            if i + 1 < len(vals) and vals[i] == vals[i + 1]:
                out.append(vals[i] * 2)
                i += 2
            else:
                out.append(vals[i])
                i += 1
        out += [0] * (4 - len(out))
        for k in range(4):
            new[idx[k]] = out[k]
    return new


def main():
    board = [0] * 16
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        p = int(line)
        if p == -1:
            break
        board[p - 1] = 2
        choice = ORDER[0]
        for mv in ORDER:
            if slide(board, mv) != board:
                choice = mv
                break
        # if nothing changes the board, ORDER[0] ends the game
        board = slide(board, choice)
        sys.stdout.write(choice + "\n")
        sys.stdout.flush()


main()
