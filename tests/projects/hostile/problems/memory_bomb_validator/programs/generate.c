/* A fine generator: two numbers from the arguments. */
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
    if (argc < 3) return 1;
    printf("%s %s\n", argv[1], argv[2]);
    return 0;
}
