// Plain minimax over the same 104 placements with no memo, so positions are
// re-searched exponentially often. Expected: time limit exceeded.
// Measured: 9.5 s CPU on the 3-board sample alone (the empty board costs
// nearly all of it); 50 empty boards > 30 s (killed). Limit 2 s.
#include <cstdio>
#include <vector>

static std::vector<int> moves;

static int cell(int r, int c) { return 1 << (r * 5 + c); }

static void buildMoves() {
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 4; c++) {
            int sq[4] = {cell(r, c), cell(r, c + 1), cell(r + 1, c), cell(r + 1, c + 1)};
            int all = sq[0] | sq[1] | sq[2] | sq[3];
            for (int k = 0; k < 4; k++) moves.push_back(all & ~sq[k]);  // L shapes
        }
    for (int r = 0; r < 5; r++)
        for (int c = 0; c < 4; c++) {
            moves.push_back(cell(r, c) | cell(r, c + 1));  // horizontal domino
            moves.push_back(cell(c, r) | cell(c + 1, r));  // vertical domino
        }
}

// plain minimax: no memo, so the same position is searched again and again
static bool wins(int board) {
    for (int m : moves)
        if (!(board & m) && !wins(board | m)) return true;
    return false;
}

int main() {
    buildMoves();
    int t;
    if (scanf("%d", &t) != 1) return 0;
    while (t--) {
        int board = 0;
        char row[8];
        for (int r = 0; r < 5; r++) {
            scanf("%7s", row);
            for (int c = 0; c < 5; c++)
                if (row[c] == '#') board |= cell(r, c);
        }
        puts(wins(board) ? "WINNING" : "LOSING");
    }
}
