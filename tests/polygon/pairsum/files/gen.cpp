// Prints n, the first argument (a generator the package names; its tests are not made yet).
#include <cstdio>
int main(int argc, char *argv[]) { std::printf("%s\n", argc > 1 ? argv[1] : "1"); }
