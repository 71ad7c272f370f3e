// Reference solution of "A plus B": reads one input, prints the expected answer. judge runs
// it on every generated input (and caches the answers); the samples have their own .ans files.
#include <cstdio>

int main() {
    long long a, b;
    if (std::scanf("%lld %lld", &a, &b) != 2) return 1;
    std::printf("%lld\n", a + b);
}
