// Prints one 100 MB line without a newline.
#include <string.h>
#include <unistd.h>
int main(void) {
    static char buffer[1 << 16];
    memset(buffer, '7', sizeof buffer);
    long long left = 100LL * 1000 * 1000;
    while (left > 0) {
        ssize_t n = write(1, buffer, left < (long long)sizeof buffer ? (size_t)left : sizeof buffer);
        if (n <= 0) return 1;
        left -= n;
    }
    return 0;
}
