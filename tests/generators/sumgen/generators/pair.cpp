#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv) {
    // Prints its two arguments as the pair.
    std::printf("%ld %ld\n", std::atol(argv[1]), std::atol(argv[2]));
}
