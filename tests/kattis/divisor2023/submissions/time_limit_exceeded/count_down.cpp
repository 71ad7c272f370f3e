// Time limit exceeded: looks for the largest proper divisor by counting down from n - 1.
// Instant for the samples (6, 49); about 10^12 steps for secret/1 (999983^2).
#include <cstdio>

int main() {
    long long n;
    if (std::scanf("%lld", &n) != 1) return 1;
    for (long long d = n - 1; d > 1; d--) {
        if (n % d == 0) {
            std::printf("%lld\n", d);
            return 0;
        }
    }
    return 1;
}
