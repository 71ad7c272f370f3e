/* compare input answer feedback_dir < output: 42 when the output is the answer's integer. */
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    long expected, got;
    FILE *answer = argc > 3 ? fopen(argv[2], "r") : NULL;
    if (answer == NULL || fscanf(answer, "%ld", &expected) != 1) return 1;
    if (scanf("%ld", &got) == 1 && got == expected) return 42;
    char path[4096];
    snprintf(path, sizeof path, "%s/judgemessage.txt", argv[3]);
    FILE *message = fopen(path, "w");
    if (message != NULL) fprintf(message, "expected %ld\n", expected);
    return 43;
}
