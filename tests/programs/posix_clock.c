// Uses clock_gettime and CLOCK_MONOTONIC without defining _POSIX_C_SOURCE: Baekjoon compiles C
// with -std=gnu11, where they are declared; with -std=c11 this is a compile error. Prints
// "fresh".
#include <stdio.h>
#include <time.h>

int main(void) {
    struct timespec now;
    if (clock_gettime(CLOCK_MONOTONIC, &now) != 0) return 1;
    puts("fresh");
    return 0;
}
