// Wrong answer: sums in a 32-bit int, which overflows only on secret/group1/10 (sum 10^12).
// Group1 runs in string order 1, 10, 2, so with on_reject: break the run stops after 2 cases
// (with -l debug the grader input for group1 shows 2 results: "AC 0", "WA 0").
#include <cstdio>

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    int s = 0;
    for (int i = 0; i < n; i++) {
        int x;
        std::scanf("%d", &x);
        s = (int)((unsigned)s + (unsigned)x);
    }
    std::printf("%d\n", s);
    return 0;
}
