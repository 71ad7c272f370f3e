/* Each round: spins the given number of steps (a fixed amount of CPU work), then answers. */
#include <stdio.h>

int main(void) {
    long steps;
    while (scanf("%ld", &steps) == 1 && steps >= 0) {
        volatile unsigned long state = 1;
        for (long step = 0; step < steps; step++) state = state * 6364136223846793005UL + 1;
        printf("%ld\n", steps + 1);
        fflush(stdout);
    }
    return 0;
}
