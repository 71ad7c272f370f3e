/* Benchmark responder for boj28489: the cheapest player that keeps a game going. It tracks
   the board and answers the first of DOWN, LEFT, RIGHT, UP that changes it. */
#include <stdio.h>
#include <string.h>

static int board[16];

static int slide(int *cells[4]) {
    int values[4], count = 0, changed = 0, out[4] = {0, 0, 0, 0}, n = 0;
    for (int i = 0; i < 4; i++) if (*cells[i]) values[count++] = *cells[i];
    for (int i = 0; i < count; i++) {
        if (i + 1 < count && values[i] == values[i + 1]) { out[n++] = values[i] * 2; i++; }
        else out[n++] = values[i];
    }
    for (int i = 0; i < 4; i++) { if (*cells[i] != out[i]) changed = 1; *cells[i] = out[i]; }
    return changed;
}

/* direction: 0 down, 1 left, 2 right, 3 up; each line is slid toward index 0 of `cells`. */
static int move(int direction, int apply) {
    int copy[16], changed = 0;
    memcpy(copy, board, sizeof copy);
    for (int line = 0; line < 4; line++) {
        int *cells[4];
        for (int k = 0; k < 4; k++) {
            int row, col;
            switch (direction) {
                case 0: row = 3 - k; col = line; break;
                case 1: row = line; col = k; break;
                case 2: row = line; col = 3 - k; break;
                default: row = k; col = line; break;
            }
            cells[k] = &copy[row * 4 + col];
        }
        changed |= slide(cells);
    }
    if (apply) memcpy(board, copy, sizeof copy);
    return changed;
}

int main(void) {
    static const char *words[4] = {"DOWN", "LEFT", "RIGHT", "UP"};
    int position;
    while (scanf("%d", &position) == 1 && position > 0) {
        board[position - 1] = 2;
        int chosen = 0;
        for (int d = 0; d < 4; d++) if (move(d, 0)) { chosen = d; break; }
        move(chosen, 1);
        printf("%s\n", words[chosen]);
        fflush(stdout);
    }
    return 0;
}
