// Blocks forever reading from a pipe whose write end it holds itself: no input ever comes,
// no CPU is used. Only the wall-clock limit ends it (TLE).
#include <unistd.h>
int main(void) {
    int fds[2];
    char byte;
    if (pipe(fds) != 0) return 1;
    return (int)read(fds[0], &byte, 1);
}
