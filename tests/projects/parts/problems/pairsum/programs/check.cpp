// Checker of "Pair Sum" (testlib convention): checker input output answer. Any pair i < j with
// a_i + a_j = target is right; -1 is right only when the reference found no pair. Exit 0 AC,
// 1 WA, 2 PE (not numbers), 3 a failure of the checker's own (an unreadable input or answer).
#include <cstdio>
#include <cstdlib>
#include <vector>

static void verdict(int code, const char *message) {
    fprintf(stderr, "%s\n", message);
    exit(code);
}

int main(int argc, char **argv) {
    if (argc < 4) verdict(3, "usage: check input output answer");
    FILE *in = fopen(argv[1], "r"), *out = fopen(argv[2], "r"), *ans = fopen(argv[3], "r");
    if (!in || !out || !ans) verdict(3, "cannot open the files");
    int n;
    long long target;
    if (fscanf(in, "%d %lld", &n, &target) != 2) verdict(3, "unreadable input");
    std::vector<long long> a(n);
    for (auto &x : a) fscanf(in, "%lld", &x);
    long long expected_first;
    if (fscanf(ans, "%lld", &expected_first) != 1) verdict(3, "unreadable answer");
    long long i, j;
    if (fscanf(out, "%lld", &i) != 1) verdict(2, "the output is not a number");
    if (i == -1) {
        if (expected_first != -1) verdict(1, "answered -1 but a pair exists");
        verdict(0, "ok: no pair");
    }
    if (fscanf(out, "%lld", &j) != 1) verdict(2, "the output is not two numbers");
    char extra;
    if (fscanf(out, " %c", &extra) == 1) verdict(2, "extra output after the pair");
    if (expected_first == -1) verdict(1, "printed a pair but none exists");
    if (!(1 <= i && i < j && j <= n)) verdict(1, "the indices are not 1 <= i < j <= n");
    if (a[i - 1] + a[j - 1] != target) verdict(1, "the pair does not sum to the target");
    verdict(0, "ok");
}
