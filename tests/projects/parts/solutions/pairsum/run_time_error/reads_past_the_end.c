/* Run-time error: keeps the numbers in a fixed array of 8, so any test with more numbers
   writes far past it and crashes (SIGSEGV) or the stack guard aborts it. */
#include <stdio.h>
int main(void) {
    int n; long long t;
    long long a[8];
    if (scanf("%d %lld", &n, &t) != 2) return 1;
    for (int i = 0; i < n; i++) scanf("%lld", &a[i * 4096]);
    printf("-1\n");
    return 0;
}
