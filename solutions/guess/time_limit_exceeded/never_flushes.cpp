// Time limit exceeded: asks its questions without flushing, so the judge never sees them and
// both wait; the wall-clock limit ends the program (TLE, not a wrong answer: the judge found
// nothing wrong before the program ended).
#include <cstdio>

int main() {
    long long n;
    if (scanf("%lld", &n) != 1) return 0;
    printf("? %lld\n", (n + 1) / 2);
    char reply[8];
    if (scanf("%7s", reply) != 1) return 0;
    return 0;
}
