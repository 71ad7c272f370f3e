// Wrong answer: fixed notation with 5 decimals. 1/3 -> 0.33333, off by 3.3e-6 > 1e-6
// (fine on the sample, whose answers have at most 3 decimals; fails on secret/1).
#include <cstdio>

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    for (int i = 0; i < n; i++) {
        long long p, q;
        std::scanf("%lld %lld", &p, &q);
        std::printf("%.5f\n", (double)p / (double)q);
    }
    return 0;
}
