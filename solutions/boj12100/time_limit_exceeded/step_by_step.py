# HEADER
import sys
import copy


def move(board, n, dr, dc):
    # simulate the move one step at a time: keep shifting every block one cell
    # toward the wall until nothing changes, tracking which cells were merged
    board = copy.deepcopy(board)
    merged = [[False] * n for _ in range(n)]
    changed = True
    while changed:
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


def solve(board, n, depth):
    best = max(max(row) for row in board)
    if depth == 5:
        return best
    for dr, dc in ((0, -1), (0, 1), (-1, 0), (1, 0)):
        best = max(best, solve(move(board, n, dr, dc), n, depth + 1))
    return best


def main():
    data = sys.stdin.read().split()
    n = int(data[0])
    board = [[int(data[1 + i * n + j]) for j in range(n)] for i in range(n)]
    print(solve(board, n, 0))


main()
