// Accepted: one pass with a hash map, O(n); prints the first pair found (the checker accepts
// any right pair).
#include <cstdio>
#include <unordered_map>
int main() {
    int n; long long t;
    scanf("%d %lld", &n, &t);
    std::unordered_map<long long, int> seen;
    for (int j = 1; j <= n; j++) {
        long long x; scanf("%lld", &x);
        auto it = seen.find(t - x);
        if (it != seen.end()) { printf("%d %d\n", it->second, j); return 0; }
        seen.emplace(x, j);
    }
    printf("-1\n");
}
