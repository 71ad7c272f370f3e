#include <cstdio>
int main() { long a, b; std::scanf("%ld %ld", &a, &b); std::printf("%ld\n", a + b); }
