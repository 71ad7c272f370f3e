// Time limit exceeded: computes the sum, then spins forever burning CPU.
// (A batch run in problemtools has only a CPU-time rlimit, no wall-clock limit:
// a submission that sleeps would hang verifyproblem, so this one spins.)
#include <cstdio>

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    long long s = 0;
    for (int i = 0; i < n; i++) {
        long long x;
        std::scanf("%lld", &x);
        s += x;
    }
    volatile unsigned long long k = 0;
    for (;;) k = k + 1;
    std::printf("%lld\n", s);
    return 0;
}
