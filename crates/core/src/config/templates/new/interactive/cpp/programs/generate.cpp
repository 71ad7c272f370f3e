// Generator of "Guess the Number": called as `generate SEED INDEX SIZE_PERCENT`, it prints one
// test's input, "N X", which only the interactor reads. judge runs it twice per test and
// wants the same bytes both times, so every random choice comes from a generator seeded with
// SEED and INDEX. (std::mt19937_64 gives the same numbers everywhere;
// std::uniform_int_distribution may not, so the range is done by hand.)
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
    auto between = [&rng](long long low, long long high) {
        return low + (long long)(rng() % (unsigned long long)(high - low + 1));
    };

    // The largest N of this test: the statement's bound scaled by SIZE_PERCENT.
    long long largest = 1000000LL * size_percent / 100;
    if (largest < 1) largest = 1;
    long long n = between(largest / 2 > 1 ? largest / 2 : 1, largest);

    // Rotate through the places a search gets wrong first, by INDEX: the ends, next to them,
    // and anywhere.
    long long x;
    switch (index % 5) {
        case 0: x = 1; break;
        case 1: x = n; break;
        case 2: x = n < 2 ? n : 2; break;
        case 3: x = n > 1 ? n - 1 : 1; break;
        default: x = between(1, n); break;
    }
    std::printf("%lld %lld\n", n, x);
}
