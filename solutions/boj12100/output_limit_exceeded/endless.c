/* Prints the same line forever: the 64 MiB output limit stops it at once (OLE). */
#include <stdio.h>
int main(void) {
    for (;;) fputs("1024 1024 1024 1024 1024 1024 1024 1024\n", stdout);
}
