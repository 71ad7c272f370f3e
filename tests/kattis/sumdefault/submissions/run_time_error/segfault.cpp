// Run-time error: writes through a null pointer (SIGSEGV).
#include <cstdio>

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    volatile int *p = nullptr;
    *p = n;
    std::printf("%d\n", n);
    return 0;
}
