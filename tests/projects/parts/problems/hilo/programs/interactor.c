/* Interactor of "High or Low" (testlib convention): interactor input output. It reads the
   secret from input, answers each guess with HIGHER, LOWER or CORRECT, allows 7 guesses, and
   exits 0 (accepted), 1 (wrong answer, the reason on standard error) or 3 (its own failure). */
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
    if (argc < 3) return 3;
    FILE *in = fopen(argv[1], "r");
    int secret;
    if (!in || fscanf(in, "%d", &secret) != 1) { fprintf(stderr, "unreadable input\n"); return 3; }
    for (int guess = 1; guess <= 8; guess++) {
        int y;
        if (scanf("%d", &y) != 1) { fprintf(stderr, "no guess %d\n", guess); return 1; }
        if (guess == 8) { fprintf(stderr, "more than 7 guesses\n"); return 1; }
        if (y == secret) { printf("CORRECT\n"); fflush(stdout); return 0; }
        printf(y < secret ? "HIGHER\n" : "LOWER\n");
        fflush(stdout);
    }
    return 1;
}
