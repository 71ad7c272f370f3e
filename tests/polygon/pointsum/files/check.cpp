// A points checker, as an optimization problem's: the exact sum is worth 10 points, a sum off
// by one 4 (testlib's quitp, exit 7), anything else is a wrong answer.
#include "testlib.h"

int main(int argc, char *argv[]) {
    registerTestlibCmd(argc, argv);
    long long expected = ans.readLong(-2000000000LL, 2000000000LL, "sum");
    long long got = ouf.readLong(-2000000000LL, 2000000000LL, "sum");
    if (got == expected) quitp(10, "the sum is %lld", got);
    if (got == expected - 1 || got == expected + 1) quitp(4, "%lld is one off %lld", got, expected);
    quitf(_wa, "the sum is %lld, not %lld", expected, got);
}
