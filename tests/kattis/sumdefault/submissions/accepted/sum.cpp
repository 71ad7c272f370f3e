// Accepted: reads n and n integers, prints the 64-bit sum.
#include <cstdio>

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    long long s = 0;
    for (int i = 0; i < n; i++) {
        long long x;
        std::scanf("%lld", &x);
        s += x;
    }
    std::printf("%lld\n", s);
    return 0;
}
