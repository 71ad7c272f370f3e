// Full 5-move search, but in a line of equal blocks the pair farthest from the
// wall merges first ("2 2 2" moved left gives "2 4" instead of "4 2").
// Expected: wrong answer. Reveals it: N=3, rows "8 2 0 / 2 4 8 / 4 0 4":
// correct 16, this prints 32.
#include <bits/stdc++.h>
using namespace std;

int n, best = 0;

typedef array<array<int, 20>, 20> Board;

// Slide one line (given as n values read from wall outward) toward the wall.
static void slideLine(int *v) {
    // BUG: pairs are looked for starting from the far end of the line,
    // so "2 2 2" moved toward the wall gives "2 4" instead of "4 2".
    int out[20], k = 0, last = 0;
    for (int i = n - 1; i >= 0; i--) {
        if (v[i] == 0) continue;
        if (last != 0 && v[i] == last) {
            out[k - 1] = last * 2;
            last = 0;
        } else {
            out[k++] = v[i];
            last = v[i];
        }
    }
    // out[] holds the blocks far-to-near; pack them against the wall
    for (int i = 0; i < n; i++) v[i] = i < k ? out[k - 1 - i] : 0;
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
