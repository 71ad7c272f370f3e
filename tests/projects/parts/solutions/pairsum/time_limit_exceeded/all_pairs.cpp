// Time limit exceeded: tries every pair, O(n^2), and keeps going after the first pair it finds
// (it wants the pair of smallest indices by a scan of all of them); n reaches 200000 on
// generated tests, about 2 x 10^10 sums.
#include <cstdio>
#include <vector>
int main() {
    int n; long long t;
    scanf("%d %lld", &n, &t);
    std::vector<long long> a(n);
    for (auto &x : a) scanf("%lld", &x);
    long long best_i = -1, best_j = -1;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (a[i] + a[j] == t && (best_i < 0 || i < best_i || (i == best_i && j < best_j))) {
                best_i = i;
                best_j = j;
            }
    if (best_i < 0) printf("-1\n");
    else printf("%lld %lld\n", best_i + 1, best_j + 1);
}
