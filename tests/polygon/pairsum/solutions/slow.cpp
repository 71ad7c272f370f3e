// Fast enough here, though tagged as one that may be too slow: either verdict is allowed.
#include <cstdio>
int main() { long long n; std::scanf("%lld", &n); std::printf("%lld %lld\n", n, n); }
