// Two integers of at most a million in absolute value, on one line.
#include "testlib.h"

int main(int argc, char *argv[]) {
    registerValidation(argc, argv);
    inf.readLong(-1000000, 1000000, "a");
    inf.readSpace();
    inf.readLong(-1000000, 1000000, "b");
    inf.readEoln();
    inf.readEof();
}
