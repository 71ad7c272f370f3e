// Reference of "Pair Sum": a hash map from value to index; prints one pair i < j (1-based)
// with a_i + a_j = target, or -1.
#include <cstdio>
#include <unordered_map>
#include <vector>

int main() {
    int n;
    long long target;
    if (scanf("%d %lld", &n, &target) != 2) return 1;
    std::vector<long long> a(n);
    for (auto &x : a) scanf("%lld", &x);
    std::unordered_map<long long, int> seen;
    for (int j = 0; j < n; j++) {
        auto it = seen.find(target - a[j]);
        if (it != seen.end()) {
            printf("%d %d\n", it->second + 1, j + 1);
            return 0;
        }
        seen.emplace(a[j], j);
    }
    printf("-1\n");
}
