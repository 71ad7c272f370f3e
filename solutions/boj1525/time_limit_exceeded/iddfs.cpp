// Iterative deepening up to 31 moves with no visited set (it even steps
// straight back), so depth d costs ~2.7^d nodes. Fine for near tables, but on
// the unsolvable "2 1 3 / 4 5 6 / 7 8 0" still running after 25 s (killed;
// limit 1 s). Expected: time limit exceeded.
#include <cstdio>
#include <utility>

int a[9];
const int goalTable[9] = {1, 2, 3, 4, 5, 6, 7, 8, 0};

static bool solved() {
    for (int i = 0; i < 9; i++)
        if (a[i] != goalTable[i]) return false;
    return true;
}

// depth-limited DFS with no visited set (it even undoes its last move)
static bool dfs(int z, int left) {
    if (solved()) return true;
    if (left == 0) return false;
    int r = z / 3, c = z % 3;
    const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    for (int k = 0; k < 4; k++) {
        int nr = r + dr[k], nc = c + dc[k];
        if (nr < 0 || nr >= 3 || nc < 0 || nc >= 3) continue;
        int p = nr * 3 + nc;
        std::swap(a[z], a[p]);
        bool ok = dfs(p, left - 1);
        std::swap(a[z], a[p]);
        if (ok) return true;
    }
    return false;
}

int main() {
    int z = 0;
    for (int i = 0; i < 9; i++) {
        scanf("%d", &a[i]);
        if (a[i] == 0) z = i;
    }
    // every solvable table needs at most 31 moves
    for (int limit = 0; limit <= 31; limit++)
        if (dfs(z, limit)) {
            printf("%d\n", limit);
            return 0;
        }
    printf("-1\n");
    return 0;
}
