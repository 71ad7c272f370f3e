// BFS whose neighbours are z-3, z+3, z-1, z+1 with only a 0..8 range check,
// so the blank can jump from the end of one row to the start of the next
// (index 2 <-> 3, 5 <-> 6): answers come out too small. Expected: wrong
// answer. Reveals it: "1 2 3 / 7 4 0 / 5 8 6" -> correct 7, prints 5.
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
    while (!q.empty()) {
        std::string cur = q.front();
        q.pop();
        int d = dist[std::stoi(cur)];
        if (std::stoi(cur) == goal) {
            printf("%d\n", d);
            return 0;
        }
        int z = (int)cur.find('0');
        const int step[4] = {-3, 3, -1, 1};
        for (int k = 0; k < 4; k++) {
            int p = z + step[k];
            if (p < 0 || p >= 9) continue;  // BUG: -1/+1 may wrap to another row
            std::string nxt = cur;
            std::swap(nxt[z], nxt[p]);
            int key = std::stoi(nxt);
            if (dist.count(key)) continue;
            dist[key] = d + 1;
            q.push(nxt);
        }
    }
    printf("-1\n");
    return 0;
}
