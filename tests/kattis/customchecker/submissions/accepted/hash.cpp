// Accepted: one pass with a hash map; prints the pair with the smallest j (then smallest i).
#include <cstdio>
#include <unordered_map>

int main() {
    int n;
    long long t;
    if (std::scanf("%d %lld", &n, &t) != 2) return 1;
    std::unordered_map<long long, int> first;
    for (int j = 1; j <= n; j++) {
        long long x;
        std::scanf("%lld", &x);
        auto it = first.find(t - x);
        if (it != first.end()) {
            std::printf("%d %d\n", it->second, j);
            return 0;
        }
        first.emplace(x, j);
    }
    std::printf("impossible\n");
    return 0;
}
