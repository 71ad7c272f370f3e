// Guesses 1, 2, 3, ...: the interactor accepts up to 10 guesses, the checker only 7.
#include <cstdio>

int main() {
    char said[4];
    for (int guess = 1;; guess++) {
        std::printf("%d\n", guess);
        std::fflush(stdout);
        if (std::scanf("%3s", said) != 1 || said[0] == '=') return 0;
    }
}
