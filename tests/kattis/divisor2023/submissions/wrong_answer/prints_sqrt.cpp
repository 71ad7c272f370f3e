// Wrong answer: prints floor(sqrt(n)). Passes both samples by luck (6 -> 2, 49 -> 7)
// and secret/1 (999983^2), fails on secret/2 (999983 x 999979 -> 999980 does not divide n).
#include <cmath>
#include <cstdio>

int main() {
    long long n;
    if (std::scanf("%lld", &n) != 1) return 1;
    long long r = (long long)std::sqrt((double)n);
    while (r * r > n) r--;
    while ((r + 1) * (r + 1) <= n) r++;
    std::printf("%lld\n", r);
    return 0;
}
