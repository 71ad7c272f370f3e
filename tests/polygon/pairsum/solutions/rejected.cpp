// Out of range on every test but n = 1: rejected, whatever the verdict.
#include <cstdio>
int main() { long long n; std::scanf("%lld", &n); std::printf("%lld 1\n", n + 1); }
