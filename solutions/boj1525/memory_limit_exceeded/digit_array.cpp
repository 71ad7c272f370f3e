// BFS with a distance array indexed by the table read as a 9-digit number
// (876543211 bytes of BSS). Only touched pages count, but a BFS over all
// 181440 states touches them all over: measured 148 MB peak RSS on the
// unsolvable "2 1 3 / 4 5 6 / 7 8 0" (limit 32 MiB). Expected: MLE.
#include <cstdio>
#include <queue>
#include <string>
#include <utility>

// distance + 1 for every 9-digit number (0 = not seen): 837 MB of address
// space, and the pages that BFS touches become resident
static unsigned char dist[876543211];

int main() {
    std::string s;
    for (int i = 0; i < 9; i++) {
        int x;
        scanf("%d", &x);
        s += char('0' + x);
    }
    const int goal = 123456780;
    std::queue<std::string> q;
    dist[std::stoi(s)] = 1;
    q.push(s);
    const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    while (!q.empty()) {
        std::string cur = q.front();
        q.pop();
        int d = dist[std::stoi(cur)] - 1;
        if (std::stoi(cur) == goal) {
            printf("%d\n", d);
            return 0;
        }
        int z = (int)cur.find('0');
        int r = z / 3, c = z % 3;
        for (int k = 0; k < 4; k++) {
            int nr = r + dr[k], nc = c + dc[k];
            if (nr < 0 || nr >= 3 || nc < 0 || nc >= 3) continue;
            std::string nxt = cur;
            std::swap(nxt[z], nxt[nr * 3 + nc]);
            int key = std::stoi(nxt);
            if (dist[key]) continue;
            dist[key] = (unsigned char)(d + 2);
            q.push(nxt);
        }
    }
    printf("-1\n");
    return 0;
}
