// Endless output on standard output.
#include <string.h>
#include <unistd.h>
int main(void) {
    static char buffer[1 << 16];
    memset(buffer, 'a', sizeof buffer);
    for (;;) {
        if (write(1, buffer, sizeof buffer) < 0) return 1;
    }
}
