// Wrong answer: prints 0-based indices, so the checker sees a pair that does not sum to the
// target (or index 0).
#include <cstdio>
#include <unordered_map>
int main() {
    int n; long long t;
    scanf("%d %lld", &n, &t);
    std::unordered_map<long long, int> seen;
    for (int j = 0; j < n; j++) {
        long long x; scanf("%lld", &x);
        auto it = seen.find(t - x);
        if (it != seen.end()) { printf("%d %d\n", it->second, j); return 0; }
        seen.emplace(x, j);
    }
    printf("-1\n");
}
