// Wrong: 1 and 1, the smallest sum, right only when n is 1.
#include <cstdio>
int main() { long long n; std::scanf("%lld", &n); std::printf("1 1\n"); }
