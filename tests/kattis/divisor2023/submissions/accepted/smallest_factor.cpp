// Accepted: trial division up to sqrt(n); prints the smallest prime factor.
#include <cstdio>

int main() {
    long long n;
    if (std::scanf("%lld", &n) != 1) return 1;
    for (long long d = 2; d * d <= n; d++) {
        if (n % d == 0) {
            std::printf("%lld\n", d);
            return 0;
        }
    }
    return 1;  // n prime: excluded by the input format
}
