// The interactor (testlib's calling convention, without testlib): `interactor input output
// [answer]`. It reads the hidden number from the input, answers each guess on standard input
// with "<" (the number is smaller), ">" (larger) or "=", and writes the number of guesses to
// the output file for the checker. More than 10 guesses, or a guess that is not a number, is a
// wrong answer (exit 1); a test it cannot read is its own failure (exit 3).
#include <cstdio>

int main(int argc, char *argv[]) {
    if (argc < 3) return 3;
    std::FILE *input = std::fopen(argv[1], "r");
    long long hidden;
    if (!input || std::fscanf(input, "%lld", &hidden) != 1) return 3;
    int guesses = 0;
    long long guess;
    while (true) {
        if (std::scanf("%lld", &guess) != 1) {
            std::fprintf(stderr, "wrong answer: guess %d is not a number\n", guesses + 1);
            return 1;
        }
        if (++guesses > 10) {
            std::fprintf(stderr, "wrong answer: more than 10 guesses\n");
            return 1;
        }
        std::printf("%s\n", hidden < guess ? "<" : hidden > guess ? ">" : "=");
        std::fflush(stdout);
        if (guess == hidden) break;
    }
    std::FILE *output = std::fopen(argv[2], "w");
    if (!output) return 3;
    std::fprintf(output, "%d\n", guesses);
    std::fclose(output);
    std::fprintf(stderr, "ok: found in %d guesses\n", guesses);
    return 0;
}
