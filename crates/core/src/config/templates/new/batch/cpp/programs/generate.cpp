// Generator of "A plus B": called as `generate SEED INDEX SIZE_PERCENT`, it prints the input
// of one test. judge runs it twice per test and wants the same bytes both times, so every
// random choice comes from a generator seeded with SEED and INDEX. (std::mt19937_64 gives the
// same numbers everywhere; std::uniform_int_distribution may not, so the range is done by
// hand.)
#include <cstdio>
#include <cstdlib>
#include <random>

int main(int argc, char** argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: generate SEED INDEX SIZE_PERCENT\n");
        return 1;
    }
    unsigned long long seed = std::strtoull(argv[1], nullptr, 10);
    unsigned long long index = std::strtoull(argv[2], nullptr, 10);
    long long size_percent = std::strtoll(argv[3], nullptr, 10);
    std::mt19937_64 rng(seed * 1000003ULL + index);
    // A number in [low, high] (the tiny bias of % does not matter for tests).
    auto between = [&rng](long long low, long long high) {
        return low + (long long)(rng() % (unsigned long long)(high - low + 1));
    };

    // The largest |A| and |B| of this test: the statement's bound scaled by SIZE_PERCENT.
    long long bound = 2147483647LL * size_percent / 100;
    if (bound < 1) bound = 1;

    // Good tests aim at what solutions get wrong. Rotate through scenarios by INDEX, so every
    // few tests cover each one: both at the largest (a 32-bit int overflows), both at the
    // most negative, opposite signs that cancel, zeros, and anything at all.
    long long a, b;
    switch (index % 5) {
        // (index / 5 makes each round of scenarios differ.)
        case 0: a = bound; b = bound - (long long)(index / 5) % bound; break;
        case 1: a = -bound; b = -bound + (long long)(index / 5) % bound; break;
        case 2: a = between(-bound, bound); b = -a; break;
        case 3: a = 0; b = between(-bound, bound); break;
        default: a = between(-bound, bound); b = between(-bound, bound); break;
    }
    std::printf("%lld %lld\n", a, b);
}
