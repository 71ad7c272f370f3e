// Accepted: fixed notation with 6 decimals. The rounding error is at most 5e-7, inside the
// absolute tolerance 1e-6; 1e-9 is printed as 0.000000 and still passes.
#include <cstdio>

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    for (int i = 0; i < n; i++) {
        long long p, q;
        std::scanf("%lld %lld", &p, &q);
        std::printf("%.6f\n", (double)p / (double)q);
    }
    return 0;
}
