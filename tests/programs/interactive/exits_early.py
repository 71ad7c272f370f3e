# Plays three moves (alternating LEFT and UP, which always change a board this young), then
# exits cleanly: the game is not over, so the verdict is WA.
import sys

for move in ["LEFT", "UP", "LEFT"]:
    sys.stdin.readline()
    print(move, flush=True)
