/* A hostile validator: allocates and touches memory without end. The memory limit ends it; a
   judge error naming the validator. */
#include <stdlib.h>
#include <string.h>
int main(void) {
    for (;;) {
        char *block = malloc(1 << 20);
        if (block) memset(block, 1, 1 << 20);
    }
}
