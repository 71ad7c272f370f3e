/* Output limit exceeded: prints pairs forever. */
#include <stdio.h>
int main(void) {
    for (;;) puts("1 2");
}
