// Same scan as the accepted one, but any run of five OR MORE counts as a win,
// so six in a row is wrongly reported. Expected: wrong answer.
// Reveals it: only six black stones at row 10, columns 5..10 -> correct "0",
// this prints "1 / 10 5".
#include <cstdio>

int b[19][19];

int at(int r, int c) {
    if (r < 0 || r >= 19 || c < 0 || c >= 19) return 0;
    return b[r][c];
}

int main() {
    for (int i = 0; i < 19; i++)
        for (int j = 0; j < 19; j++) scanf("%d", &b[i][j]);
    const int dr[4] = {0, 1, 1, -1}, dc[4] = {1, 0, 1, 1};
    for (int j = 0; j < 19; j++) {
        for (int i = 0; i < 19; i++) {
            int col = b[i][j];
            if (col == 0) continue;
            for (int d = 0; d < 4; d++) {
                if (at(i - dr[d], j - dc[d]) == col) continue;  // not a run start
                int len = 1;
                while (at(i + len * dr[d], j + len * dc[d]) == col) len++;
                if (len >= 5) {  // BUG: six or more in a row also "wins"
                    printf("%d\n%d %d\n", col, i + 1, j + 1);
                    return 0;
                }
            }
        }
    }
    printf("0\n");
    return 0;
}
