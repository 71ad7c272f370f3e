// The largest sum: n and n (both at most n).
#include <cstdio>
int main() { long long n; std::scanf("%lld", &n); std::printf("%lld %lld\n", n, n); }
