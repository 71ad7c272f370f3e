// The textbook solution: a memo over the 2^25 board masks (32 MiB of char,
// -1 unknown, 0 losing, 1 winning), cleared with memset for every test case,
// so each case searches from scratch. Real Algospot accepted this approach:
// its data holds few boards with at most two filled cells, and only those are
// costly (the empty board visits 1.6 million positions, 0.1 - 0.2 s here; a
// board with 3 or more filled cells at most a few ten thousand). The default
// tests keep to that (at most two such boards per input, as the statement's
// sample has one empty board among three). Expected verdict: accepted.
// Measured with judge test / judge verify on the shared 2-core VM while it was
// busy (load average 8 - 14): at most 0.52 - 0.74 s CPU per test of the default
// tests, 35 MiB (limits 2 s, 64 MiB), 0.2 - 0.4 s of it a search from the empty
// board. The hard set (`--tests hard`: 50 empty boards, nearly empty ones) is
// TLE for it: 50 empty boards need 5 - 10 s.
#include <cstdio>
#include <cstring>
#include <vector>

static signed char memo[1 << 25];
static std::vector<int> placements;

static int cell(int r, int c) { return 1 << (r * 5 + c); }

// Whether the player to move on `board` wins.
static bool wins(int board) {
    signed char &known = memo[board];
    if (known >= 0) return known;
    known = 0;
    for (int piece : placements)
        if (!(board & piece) && !wins(board | piece)) {
            known = 1;
            break;
        }
    return known;
}

int main() {
    // The L shapes (each 2 x 2 square less one cell), then the dominoes.
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 4; c++) {
            int square = cell(r, c) | cell(r, c + 1) | cell(r + 1, c) | cell(r + 1, c + 1);
            placements.push_back(square & ~cell(r, c));
            placements.push_back(square & ~cell(r, c + 1));
            placements.push_back(square & ~cell(r + 1, c));
            placements.push_back(square & ~cell(r + 1, c + 1));
        }
    for (int a = 0; a < 5; a++)
        for (int b = 0; b < 4; b++) {
            placements.push_back(cell(a, b) | cell(a, b + 1));
            placements.push_back(cell(b, a) | cell(b + 1, a));
        }
    int cases;
    if (scanf("%d", &cases) != 1) return 0;
    while (cases--) {
        memset(memo, -1, sizeof memo);  // a fresh memo for every case
        int board = 0;
        char row[8];
        for (int r = 0; r < 5; r++) {
            if (scanf("%7s", row) != 1) return 0;
            for (int c = 0; c < 5; c++)
                if (row[c] == '#') board |= cell(r, c);
        }
        puts(wins(board) ? "WINNING" : "LOSING");
    }
}
