/* Benchmark load for the parallel speed-up figure: a correct but deliberately repetitive
   boj1525 solution (the full BFS twice), CPU-bound for about a third of a second. */
#include <stdio.h>
#include <string.h>

static char seen[362880];
static int queue[362880], dist[362880];

static int encode(const int *t) {
    static const int factorial[9] = {1, 1, 2, 6, 24, 120, 720, 5040, 40320};
    int rank = 0;
    for (int i = 0; i < 9; i++) {
        int smaller = 0;
        for (int j = i + 1; j < 9; j++) if (t[j] < t[i]) smaller++;
        rank += smaller * factorial[8 - i];
    }
    return rank;
}

static void decode(int rank, int *t) {
    static const int factorial[9] = {1, 1, 2, 6, 24, 120, 720, 5040, 40320};
    int used[9] = {0};
    for (int i = 0; i < 9; i++) {
        int k = rank / factorial[8 - i];
        rank %= factorial[8 - i];
        for (int v = 0; v < 9; v++) if (!used[v] && k-- == 0) { t[i] = v; used[v] = 1; break; }
    }
}

int main(void) {
    int table[9];
    for (int i = 0; i < 9; i++) if (scanf("%d", &table[i]) != 1) return 1;
    int answer = -1;
    /* Repeat the full BFS to make the run CPU-bound (about a third of a second on an idle core). */
    for (int repeat = 0; repeat < 2; repeat++) {
        memset(seen, 0, sizeof seen);
        int goal[9] = {1, 2, 3, 4, 5, 6, 7, 8, 0}, head = 0, tail = 0;
        int start = encode(table), target = encode(goal);
        queue[tail++] = start; seen[start] = 1; dist[start] = 0; answer = -1;
        while (head < tail) {
            int state = queue[head++], t[9], zero = 0;
            if (state == target) { answer = dist[state]; }
            decode(state, t);
            while (t[zero]) zero++;
            static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
            for (int d = 0; d < 4; d++) {
                int r = zero / 3 + dr[d], c = zero % 3 + dc[d];
                if (r < 0 || r > 2 || c < 0 || c > 2) continue;
                int other = r * 3 + c;
                t[zero] = t[other]; t[other] = 0;
                int next = encode(t);
                if (!seen[next]) { seen[next] = 1; dist[next] = dist[state] + 1; queue[tail++] = next; }
                t[other] = t[zero]; t[zero] = 0;
            }
        }
    }
    printf("%d\n", answer);
    return 0;
}
