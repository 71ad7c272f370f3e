/* A fast greedy 2048 player for Baekjoon 28489: it looks one move ahead and no further.
 *
 * The board is 16 cells of log2(tile) (0 = empty), row by row. Each round the player reads
 * where the grader put a 2, then, for each move that changes the board, takes the mean over
 * every empty cell of a static evaluation of the board with a 2 there (the grader places only
 * 2s, uniformly), and plays the move with the best mean. The evaluation sums, over the 4 rows
 * and the 4 columns: +270 per empty cell, +700 per pair of equal neighbours, -47 x the
 * smaller of the two monotonicity violations (ranks to the power 4), -11 x sum(rank^3.5), the
 * usual corner-and-snake weights of 2048 players. About 10 microseconds a move, a few
 * milliseconds a game: the fast player of the sharding tests (tests/slurm/, tests/e2e/shards.rs).
 *
 * Why wrong answer: one move of look-ahead is not enough to keep the board in order; the
 * games jam at 128 to 512. Measured with `judge test ... --games 64` (seed 20261121): mean
 * 310, median 256, max 512; no game reaches 2048, far below the mean of 2048 needed.
 * (The same evaluation two moves deep averages about 2700 in a local simulation, but costs
 * 2 s a game without lookup tables.)
 * Expected verdict: wrong answer (average score < 2048).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

static double line_value(const int v[4]) {
    double empty = 0, merges = 0, left = 0, right = 0, sum = 0;
    int previous = 0, counter = 0;
    for (int i = 0; i < 4; i++) {
        sum += pow(v[i], 3.5);
        if (v[i] == 0) {
            empty++;
        } else {
            if (previous == v[i]) {
                counter++;
            } else if (counter > 0) {
                merges += 1 + counter;
                counter = 0;
            }
            previous = v[i];
        }
    }
    if (counter > 0) merges += 1 + counter;
    for (int i = 1; i < 4; i++) {
        double a = pow(v[i - 1], 4), b = pow(v[i], 4);
        if (v[i - 1] > v[i]) left += a - b; else right += b - a;
    }
    return 200000.0 + 270.0 * empty + 700.0 * merges - 47.0 * (left < right ? left : right) -
           11.0 * sum;
}

static double evaluate(const int b[16]) {
    double total = 0;
    int line[4];
    for (int r = 0; r < 4; r++) {
        for (int c = 0; c < 4; c++) line[c] = b[r * 4 + c];
        total += line_value(line);
    }
    for (int c = 0; c < 4; c++) {
        for (int r = 0; r < 4; r++) line[r] = b[r * 4 + c];
        total += line_value(line);
    }
    return total;
}

/* Slides one line toward its index 0; returns whether it changed. */
static int slide(int v[4]) {
    int out[4] = {0, 0, 0, 0}, n = 0, merged = 0;
    for (int i = 0; i < 4; i++) {
        if (v[i] == 0) continue;
        if (n > 0 && out[n - 1] == v[i] && !merged) {
            out[n - 1]++;
            merged = 1;
        } else {
            out[n++] = v[i];
            merged = 0;
        }
    }
    int changed = memcmp(out, v, sizeof out) != 0;
    memcpy(v, out, sizeof out);
    return changed;
}

/* Moves: 0 UP, 1 DOWN, 2 LEFT, 3 RIGHT. Returns whether the board changed. */
static int move(int b[16], int direction) {
    int changed = 0, line[4];
    for (int k = 0; k < 4; k++) {
        int cells[4];
        for (int i = 0; i < 4; i++) {
            switch (direction) {
            case 0: cells[i] = i * 4 + k; break;
            case 1: cells[i] = (3 - i) * 4 + k; break;
            case 2: cells[i] = k * 4 + i; break;
            default: cells[i] = k * 4 + (3 - i); break;
            }
        }
        for (int i = 0; i < 4; i++) line[i] = b[cells[i]];
        changed |= slide(line);
        for (int i = 0; i < 4; i++) b[cells[i]] = line[i];
    }
    return changed;
}

int main(void) {
    static const char *names[4] = {"UP", "DOWN", "LEFT", "RIGHT"};
    int board[16] = {0};
    int position;
    while (scanf("%d", &position) == 1 && position != -1) {
        board[position - 1] = 1;
        int best = 0;
        double best_value = -1e300;
        for (int d = 0; d < 4; d++) {
            int after[16];
            memcpy(after, board, sizeof after);
            if (!move(after, d)) continue;
            double value = 0;
            int empties = 0;
            for (int i = 0; i < 16; i++) {
                if (after[i] != 0) continue;
                after[i] = 1;
                value += evaluate(after);
                after[i] = 0;
                empties++;
            }
            value = empties ? value / empties : evaluate(after);
            if (value > best_value) {
                best_value = value;
                best = d;
            }
        }
        move(board, best);
        printf("%s\n", names[best]);
        fflush(stdout);
    }
    return 0;
}
