// Accepts any pair of numbers from 1 to n whose sum is the answer's (the answer's pair is one).
#include "testlib.h"

int main(int argc, char *argv[]) {
    registerTestlibCmd(argc, argv);
    int n = inf.readInt(1, 1000000, "n");
    long long target = ans.readLong(1, 2000000, "a") + ans.readLong(1, 2000000, "b");
    long long a = ouf.readLong(1, n, "a"), b = ouf.readLong(1, n, "b");
    ouf.readEof();
    if (a + b != target) quitf(_wa, "%lld + %lld is not %lld", a, b, target);
    quitf(_ok, "the sum is %lld", target);
}
