// The input is one line: n (1 to 10^6).
#include "testlib.h"

int main(int argc, char *argv[]) {
    registerValidation(argc, argv);
    inf.readInt(1, 1000000, "n");
    inf.readEoln();
    inf.readEof();
    return 0;
}
