// Plain expectimax at a fixed depth of 6 moves (5 layers of spawns), with no
// transposition table, no probability cut-off and no clock. On the nearly
// empty opening board a single move already needs about (4*15)^5 leaf
// evaluations: the very first move does not finish within 16 s of CPU, so
// every game exceeds its 15 s CPU limit.
// Expected verdict: time limit exceeded.
#include <bits/stdc++.h>
using namespace std;

typedef array<int, 16> Board;  // log2 of tile values, 0 = empty
const int DEPTH = 6;
const char *NAMES[4] = {"UP", "DOWN", "LEFT", "RIGHT"};

static bool slide(Board &b, int dir) {
    bool changed = false;
    for (int line = 0; line < 4; line++) {
        int idx[4];
        for (int k = 0; k < 4; k++) {
            int r, c;
            if (dir == 0) { r = k; c = line; }
            else if (dir == 1) { r = 3 - k; c = line; }
            else if (dir == 2) { r = line; c = k; }
            else { r = line; c = 3 - k; }
            idx[k] = r * 4 + c;
        }
        int v[4], n = 0;
        for (int k = 0; k < 4; k++) if (b[idx[k]]) v[n++] = b[idx[k]];
        int out[4] = {0, 0, 0, 0}, m = 0;
        for (int i = 0; i < n;) {
            if (i + 1 < n && v[i] == v[i + 1]) { out[m++] = v[i] + 1; i += 2; }
            else out[m++] = v[i++];
        }
        for (int k = 0; k < 4; k++) {
            if (b[idx[k]] != out[k]) changed = true;
            b[idx[k]] = out[k];
        }
    }
    return changed;
}

// snake-shaped weights: big tiles wanted along a snake from the top-left corner
static const double W[16] = {15, 14, 13, 12, 8, 9, 10, 11, 7, 6, 5, 4, 0, 1, 2, 3};
static double evaluate(const Board &b) {
    double s = 0;
    for (int i = 0; i < 16; i++) {
        if (b[i]) s += pow(4.0, W[i]) * (1 << b[i]) / 65536.0;
        else s += 50;
    }
    return s;
}

static double moveValue(const Board &b, int depth);
static double chanceValue(const Board &b, int depth) {
    if (depth == 0) return evaluate(b);
    double sum = 0;
    int n = 0;
    for (int i = 0; i < 16; i++) {
        if (b[i]) continue;
        Board c = b;
        c[i] = 1;
        sum += moveValue(c, depth);
        n++;
    }
    return n ? sum / n : evaluate(b);
}
static double moveValue(const Board &b, int depth) {
    double best = 0;
    for (int d = 0; d < 4; d++) {
        Board c = b;
        if (slide(c, d)) best = max(best, chanceValue(c, depth - 1));
    }
    return best;
}

int main() {
    Board b{};
    int p;
    while (scanf("%d", &p) == 1 && p != -1) {
        b[p - 1] = 1;
        int best = 0;
        double bv = -1;
        for (int d = 0; d < 4; d++) {
            Board c = b;
            if (!slide(c, d)) continue;
            double v = chanceValue(c, DEPTH - 1);
            if (v > bv) { bv = v; best = d; }
        }
        slide(b, best);
        printf("%s\n", NAMES[best]);
        fflush(stdout);
    }
    return 0;
}
