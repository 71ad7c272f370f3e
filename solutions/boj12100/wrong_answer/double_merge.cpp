// Full 5-move search, but a block created by a merge may merge again in the
// same move ("2 2 4" moved left becomes "8", not "4 4"). Expected: wrong answer.
// Reveals it: N=7, first row "2 2 4 8 16 32 64", other rows empty -> correct 64,
// this prints 128 (the whole row collapses in one move).
#include <bits/stdc++.h>
using namespace std;

int n, best = 0;

typedef array<array<int, 20>, 20> Board;

// Slide one line (given as n values read from wall outward) toward the wall.
static void slideLine(int *v) {
    int out[20], k = 0;
    for (int i = 0; i < n; i++) {
        if (v[i] == 0) continue;
        // BUG: compares with the top of the output, which may be a block
        // just created by a merge, so "2 2 4" becomes "8" instead of "4 4".
        if (k > 0 && out[k - 1] == v[i]) {
            out[k - 1] *= 2;
        } else {
            out[k++] = v[i];
        }
    }
    for (int i = 0; i < n; i++) v[i] = i < k ? out[i] : 0;
}

static Board moveBoard(const Board &b, int dir) {
    Board r = b;
    int line[20];
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            switch (dir) {
                case 0: line[j] = b[i][j]; break;          // left
                case 1: line[j] = b[i][n - 1 - j]; break;  // right
                case 2: line[j] = b[j][i]; break;          // up
                default: line[j] = b[n - 1 - j][i]; break; // down
            }
        }
        slideLine(line);
        for (int j = 0; j < n; j++) {
            switch (dir) {
                case 0: r[i][j] = line[j]; break;
                case 1: r[i][n - 1 - j] = line[j]; break;
                case 2: r[j][i] = line[j]; break;
                default: r[n - 1 - j][i] = line[j]; break;
            }
        }
    }
    return r;
}

static void dfs(const Board &b, int depth) {
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) best = max(best, b[i][j]);
    if (depth == 5) return;
    for (int d = 0; d < 4; d++) dfs(moveBoard(b, d), depth + 1);
}

int main() {
    scanf("%d", &n);
    Board b{};
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) scanf("%d", &b[i][j]);
    dfs(b, 0);
    printf("%d\n", best);
}
