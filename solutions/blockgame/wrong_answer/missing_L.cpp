// Memoized search like the accepted one, but only 3 of the 4 L orientations
// are generated (the one covering top-left, top-right and bottom-left of a
// 2x2 square is missing). Expected: wrong answer. Reveals it: one board
// "##### / #.### / ...## / .#### / .####" -> correct WINNING, prints LOSING.
#include <cstdio>
#include <vector>

static signed char cache[1 << 25];  // 0 unknown, 1 winning, 2 losing
static std::vector<int> moves;

static int cell(int r, int c) { return 1 << (r * 5 + c); }

static void buildMoves() {
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 4; c++) {
            int sq[4] = {cell(r, c), cell(r, c + 1), cell(r + 1, c), cell(r + 1, c + 1)};
            int all = sq[0] | sq[1] | sq[2] | sq[3];
            for (int k = 0; k < 3; k++) moves.push_back(all & ~sq[k]);  // BUG: 3 of 4 L shapes
        }
    for (int r = 0; r < 5; r++)
        for (int c = 0; c < 4; c++) {
            moves.push_back(cell(r, c) | cell(r, c + 1));  // horizontal domino
            moves.push_back(cell(c, r) | cell(c + 1, r));  // vertical domino
        }
}

static bool wins(int board) {
    signed char &ret = cache[board];
    if (ret) return ret == 1;
    bool w = false;
    for (int m : moves)
        if (!(board & m) && !wins(board | m)) {
            w = true;
            break;
        }
    ret = w ? 1 : 2;
    return w;
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
