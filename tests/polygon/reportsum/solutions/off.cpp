// One more than the sum: wrong on every test.
#include <cstdio>
int main() { long long a, b; std::scanf("%lld %lld", &a, &b); std::printf("%lld\n", a + b + 1); }
