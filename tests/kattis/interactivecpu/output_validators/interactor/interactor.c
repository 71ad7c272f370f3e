/* Interactor of interactivecpu: the input is "rounds steps pause_ms". Each round it waits
 * pause_ms, sends the loop count `steps`, and expects steps + 1 back; then it sends -1.
 * Exit 42 accepted, 43 wrong answer. */
#include <stdio.h>
#include <time.h>

int main(int argc, char **argv) {
    if (argc < 4) return 1;
    FILE *in = fopen(argv[1], "r");
    long rounds, steps, pause_ms;
    if (!in || fscanf(in, "%ld %ld %ld", &rounds, &steps, &pause_ms) != 3) return 1;
    struct timespec pause = {pause_ms / 1000, (pause_ms % 1000) * 1000000L};
    for (long round = 0; round < rounds; round++) {
        if (pause_ms > 0) nanosleep(&pause, NULL);
        printf("%ld\n", steps);
        fflush(stdout);
        long reply;
        if (scanf("%ld", &reply) != 1 || reply != steps + 1) return 43;
    }
    printf("-1\n");
    fflush(stdout);
    return 42;
}
