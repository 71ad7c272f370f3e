# Wrong answer: guesses 1, 2, 3, ... Rejected already on the sample (secret 7 needs 7
# guesses, q = 4): the interactor exits first with 43 after the 4th guess -> WA.
import sys

n, q = map(int, sys.stdin.readline().split())
for g in range(1, n + 1):
    print(g, flush=True)
    reply = sys.stdin.readline().strip()
    if reply != "higher" and reply != "lower":
        break
