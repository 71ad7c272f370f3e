// The checker (testlib's calling convention, without testlib): `check input output answer`,
// where output is what the interactor wrote for the solution (its number of guesses) and
// answer what it wrote for the main solution (the package keeps no answers: judge makes them
// as Polygon does, by running the main solution against the interactor). More than 7
// guesses, or more than the main solution needed, is a wrong answer.
#include <cstdio>

int main(int argc, char *argv[]) {
    if (argc < 4) return 3;
    std::FILE *output = std::fopen(argv[2], "r");
    std::FILE *answer = std::fopen(argv[3], "r");
    int guesses, best;
    if (!output || std::fscanf(output, "%d", &guesses) != 1) return 3;
    if (!answer || std::fscanf(answer, "%d", &best) != 1) {
        std::fprintf(stderr, "fail: the answer holds no number of guesses\n");
        return 3;
    }
    if (guesses > 7) {
        std::fprintf(stderr, "wrong answer: %d guesses, more than 7\n", guesses);
        return 1;
    }
    if (guesses > best) {
        std::fprintf(stderr, "wrong answer: %d guesses, the main solution needs %d\n", guesses,
                     best);
        return 1;
    }
    std::fprintf(stderr, "ok: %d guesses\n", guesses);
    return 0;
}
