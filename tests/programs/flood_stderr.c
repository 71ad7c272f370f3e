// Writes 200 MB to standard error, then prints the right answer ("fresh") and exits 0.
#include <stdio.h>
#include <string.h>
#include <unistd.h>
int main(void) {
    static char buffer[1 << 16];
    memset(buffer, 'e', sizeof buffer);
    long long left = 200LL * 1000 * 1000;
    while (left > 0) {
        ssize_t n = write(2, buffer, left < (long long)sizeof buffer ? (size_t)left : sizeof buffer);
        if (n <= 0) return 1;
        left -= n;
    }
    puts("fresh");
    return 0;
}
