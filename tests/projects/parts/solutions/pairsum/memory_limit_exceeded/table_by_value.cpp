// Memory limit exceeded: marks seen values in a table of 2^25 ints (128 MiB) instead of a
// hash map, and fills it first: twice the 64 MiB limit.
#include <cstdio>
#include <vector>
int main() {
    int n; long long t;
    scanf("%d %lld", &n, &t);
    std::vector<int> seen(1 << 25, 0);
    for (int j = 1; j <= n; j++) {
        long long x; scanf("%lld", &x);
        long long want = (t - x) & ((1 << 25) - 1);
        if (seen[want]) { printf("%d %d\n", seen[want], j); return 0; }
        seen[x & ((1 << 25) - 1)] = j;
    }
    printf("-1\n");
}
