// Accepted: binary search in C++ (flushes after every guess).
#include <cstdio>
#include <cstring>

int main() {
    long long n, q;
    if (std::scanf("%lld %lld", &n, &q) != 2) return 0;
    long long lo = 1, hi = n;
    char reply[32];
    while (lo <= hi) {
        long long g = lo + (hi - lo) / 2;
        std::printf("%lld\n", g);
        std::fflush(stdout);
        if (std::scanf("%31s", reply) != 1) return 0;
        if (!std::strcmp(reply, "correct")) return 0;
        if (!std::strcmp(reply, "lower")) hi = g - 1;
        else lo = g + 1;
    }
    return 0;
}
