// Accepted: a submission made of several files (this folder is one submission).
// problemtools compiles every *.cpp here together; sum.h is copied alongside.
#include <cstdio>
#include <vector>
#include "sum.h"

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    std::vector<long long> v(n);
    for (auto &x : v) std::scanf("%lld", &x);
    std::printf("%lld\n", total(v));
    return 0;
}
