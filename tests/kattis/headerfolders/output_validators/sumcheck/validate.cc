// Output validator: the team's one integer must be the answer's.
// Called as: validate input answer feedback_dir < team_output.
#include "validate.h"
int main(int argc, char **argv) {
    if (argc < 4) return 1;
    FILE *answer = std::fopen(argv[2], "r");
    long expected, got;
    if (!answer || std::fscanf(answer, "%ld", &expected) != 1) return 1;
    if (std::scanf("%ld", &got) != 1) wrong("no integer in the output", argv[3]);
    if (got != expected) wrong("wrong sum", argv[3]);
    char extra;
    if (std::scanf(" %c", &extra) == 1) wrong("more than one integer", argv[3]);
    accept();
}
