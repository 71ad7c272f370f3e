// The accepted BFS, but at the end it prints dist[goal]; when the goal was
// never reached, unordered_map::operator[] inserts it with value 0, so an
// unsolvable table gets "0" instead of "-1". Expected: wrong answer.
// Reveals it: "2 1 3 / 4 5 6 / 7 8 0" (or sample 2) -> prints 0.
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
    printf("%d\n", dist[goal]);  // BUG: goal never reached -> operator[] gives 0
    return 0;
}
