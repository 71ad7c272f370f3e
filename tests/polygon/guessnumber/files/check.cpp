// The checker (testlib's calling convention, without testlib): `check input output answer`,
// where output is what the interactor wrote: the number of guesses, which must be at most 7.
#include <cstdio>

int main(int argc, char *argv[]) {
    if (argc < 4) return 3;
    std::FILE *output = std::fopen(argv[2], "r");
    int guesses;
    if (!output || std::fscanf(output, "%d", &guesses) != 1) return 3;
    if (guesses > 7) {
        std::fprintf(stderr, "wrong answer: %d guesses, more than 7\n", guesses);
        return 1;
    }
    std::fprintf(stderr, "ok: %d guesses\n", guesses);
    return 0;
}
