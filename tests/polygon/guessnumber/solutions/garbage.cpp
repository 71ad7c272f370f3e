// Says something that is not a guess: the interactor rejects it.
#include <cstdio>

int main() {
    std::printf("seven\n");
    std::fflush(stdout);
}
