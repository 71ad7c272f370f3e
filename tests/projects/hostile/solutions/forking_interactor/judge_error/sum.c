/* A right solution: every verdict of this problem is a judge error, because a program of the
   problem's own is hostile (see problem.toml). */
#include <stdio.h>
int main(void) {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) == 2) printf("%lld\n", a + b);
    return 0;
}
