/* A generator that is not deterministic: its test depends on the clock, so two runs with the
   same arguments print different bytes. The grader must say so, not use it. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <time.h>
int main(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    printf("%ld %ld\n", (long)(now.tv_nsec % 1000) + 1, (long)(now.tv_nsec / 1000 % 1000) + 1);
    return 0;
}
