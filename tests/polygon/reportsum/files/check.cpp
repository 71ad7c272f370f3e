// A checker that keeps a report in its current folder, as LKSH's checkers write report.txt
// there (Polygon's invoker gives each call a folder it may write to). It fails when an earlier
// call's report is still there, when it cannot write its report, and when it can write beside
// itself (its own folder stays read-only): each is a judge error.
#include <cstdio>
#include <string>
#include "testlib.h"

int main(int argc, char *argv[]) {
    if (std::FILE *old = std::fopen("report.txt", "r")) {
        std::fclose(old);
        quitf(_fail, "report.txt was left by an earlier call");
    }
    std::FILE *report = std::fopen("report.txt", "w");
    if (!report) quitf(_fail, "cannot write report.txt in its current folder");
    std::string self = argv[0];
    std::size_t slash = self.rfind('/');
    std::string beside = (slash == std::string::npos ? std::string(".") : self.substr(0, slash)) + "/beside.txt";
    if (std::FILE *written = std::fopen(beside.c_str(), "w")) {
        std::fclose(written);
        quitf(_fail, "wrote %s, beside itself", beside.c_str());
    }
    registerTestlibCmd(argc, argv);
    long long expected = ans.readLong(-2000000000LL, 2000000000LL, "sum");
    long long got = ouf.readLong(-2000000000LL, 2000000000LL, "sum");
    std::fprintf(report, "expected %lld, got %lld\n", expected, got);
    std::fclose(report);
    if (got != expected) quitf(_wa, "the sum is %lld, not %lld", expected, got);
    quitf(_ok, "the sum is %lld", got);
}
