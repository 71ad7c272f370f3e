/* A run near its CPU limit whatever the machine's load: reads a number of milliseconds,
   spins until its own CPU time reaches it (so the CPU time is the same on a busy machine,
   only the wall time stretches), then prints the number. Used by the verdict-flip figure of
   `judge bench` and by tests/e2e/load.rs. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <time.h>

static double cpu_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec * 1000.0 + t.tv_nsec / 1e6;
}

int main(void) {
    int target;
    if (scanf("%d", &target) != 1) return 1;
    volatile unsigned long spins = 0;
    while (cpu_ms() < target)
        for (int i = 0; i < 10000; i++) spins++;
    printf("%d\n", target);
    return 0;
}
