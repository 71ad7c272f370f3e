/* Benchmark baseline: a bare pipe ping-pong between two minimal processes. The parent writes a
   short line and waits for a one-word reply, ROUNDS times; the child answers each line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
    long rounds = argc > 1 ? atol(argv[1]) : 100000;
    int down[2], up[2];
    if (pipe(down) || pipe(up)) return 1;
    pid_t child = fork();
    if (child == 0) {
        dup2(down[0], 0); dup2(up[1], 1);
        close(down[1]); close(up[0]);
        char line[64];
        while (fgets(line, sizeof line, stdin)) { fputs("UP\n", stdout); fflush(stdout); }
        _exit(0);
    }
    close(down[0]); close(up[1]);
    FILE *to = fdopen(down[1], "w"), *from = fdopen(up[0], "r");
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    char line[64];
    for (long i = 0; i < rounds; i++) {
        fprintf(to, "%ld\n", i % 16 + 1);
        fflush(to);
        if (!fgets(line, sizeof line, from)) return 2;
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    fclose(to);
    waitpid(child, NULL, 0);
    double seconds = (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9;
    printf("%.1f\n", rounds / seconds);
    return 0;
}
