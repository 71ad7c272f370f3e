// Time limit exceeded: tries every pair, O(n^2); n reaches 200000 on generated tests.
#include <cstdio>
#include <vector>
int main() {
    int n; long long t;
    scanf("%d %lld", &n, &t);
    std::vector<long long> a(n);
    for (auto &x : a) scanf("%lld", &x);
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (a[i] + a[j] == t) { printf("%d %d\n", i + 1, j + 1); return 0; }
    printf("-1\n");
}
