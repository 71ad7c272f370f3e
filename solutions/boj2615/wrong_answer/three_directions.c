/* Checks only right, down and down-right; a five on the rising diagonal
   (going up-right) is missed. Expected: wrong answer.
   Reveals it: black stones at (15,3) (14,4) (13,5) (12,6) (11,7) only ->
   correct "1 / 15 3", this prints "0". */
#include <stdio.h>

static int b[19][19];

static int at(int r, int c) {
    if (r < 0 || r >= 19 || c < 0 || c >= 19) return 0;
    return b[r][c];
}

int main(void) {
    for (int i = 0; i < 19; i++)
        for (int j = 0; j < 19; j++)
            if (scanf("%d", &b[i][j]) != 1) return 1;
    /* right, down, down-right -- the rising diagonal is never looked at */
    const int dr[3] = {0, 1, 1}, dc[3] = {1, 0, 1};
    for (int i = 0; i < 19; i++) {
        for (int j = 0; j < 19; j++) {
            int col = b[i][j];
            if (col == 0) continue;
            for (int d = 0; d < 3; d++) {
                if (at(i - dr[d], j - dc[d]) == col) continue;
                int len = 1;
                while (at(i + len * dr[d], j + len * dc[d]) == col) len++;
                if (len == 5) {
                    printf("%d\n%d %d\n", col, i + 1, j + 1);
                    return 0;
                }
            }
        }
    }
    printf("0\n");
    return 0;
}
