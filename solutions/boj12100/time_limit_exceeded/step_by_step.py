# Naive: replays each of the 4^5 sequences from the start, simulates a move by
# shifting blocks one cell per sweep until nothing changes, and deep-copies the
# board on every sweep. Correct answers, but expected: time limit exceeded.
# Measured: 48.7 s on a full 20x20 board of random 2/4 (55.6 s with random
# 2..1024); Python limit is 1*3+2 = 5 s.
import sys
import copy
import itertools


def move(board, n, dr, dc):
    # simulate the move one step at a time: keep shifting every block one cell
    # toward the wall until nothing changes, tracking which cells were merged
    merged = [[False] * n for _ in range(n)]
    changed = True
    while changed:
        # never modify a board in place: every sweep works on fresh copies
        board = copy.deepcopy(board)
        merged = copy.deepcopy(merged)
        changed = False
        for r in range(n):
            for c in range(n):
                # visit cells nearest the wall first so the near pair merges first
                rr = n - 1 - r if dr == 1 else r
                cc = n - 1 - c if dc == 1 else c
                v = board[rr][cc]
                if v == 0:
                    continue
                tr, tc = rr + dr, cc + dc
                if not (0 <= tr < n and 0 <= tc < n):
                    continue
                w = board[tr][tc]
                if w == 0:
                    board[tr][tc] = v
                    merged[tr][tc] = merged[rr][cc]
                    board[rr][cc] = 0
                    merged[rr][cc] = False
                    changed = True
                elif w == v and not merged[tr][tc] and not merged[rr][cc]:
                    board[tr][tc] = v * 2
                    merged[tr][tc] = True
                    board[rr][cc] = 0
                    merged[rr][cc] = False
                    changed = True
    return board


DIRS = ((0, -1), (0, 1), (-1, 0), (1, 0))


def solve(start, n):
    # try every sequence of 5 moves, replaying each one from the start
    best = max(max(row) for row in start)
    for seq in itertools.product(range(4), repeat=5):
        board = start
        for d in seq:
            board = move(board, n, *DIRS[d])
            best = max(best, max(max(row) for row in board))
    return best


def main():
    data = sys.stdin.read().split()
    n = int(data[0])
    board = [[int(data[1 + i * n + j]) for j in range(n)] for i in range(n)]
    print(solve(board, n))


main()
