// Wrong answer: writes guesses as "? 5" (a protocol of another problem); the interactor
// rejects the first line. The submission then reads EOF and exits 0; the verdict is WA
// because the interactor exited first with 43.
#include <cstdio>

int main() {
    long long n, q;
    if (std::scanf("%lld %lld", &n, &q) != 2) return 0;
    std::printf("? %lld\n", (n + 1) / 2);
    std::fflush(stdout);
    char reply[32];
    while (std::scanf("%31s", reply) == 1) {
    }
    return 0;
}
