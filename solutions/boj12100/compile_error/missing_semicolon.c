/* Does not compile (a statement lacks its semicolon): CE with gcc's message. */
#include <stdio.h>
int main(void) {
    int n = 0
    printf("%d\n", n);
    return 0;
}
