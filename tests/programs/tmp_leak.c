// Writes /tmp/judge-leak-test and /dev/shm/judge-leak-test; prints "fresh" if neither existed before, "seen" otherwise.
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
static int existed_then_write(const char *path) {
    int existed = access(path, F_OK) == 0;
    int fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0666);
    if (fd >= 0) {
        if (write(fd, "leak\n", 5) < 0) { /* ignore */ }
        close(fd);
    }
    return existed;
}
int main(void) {
    int seen = existed_then_write("/tmp/judge-leak-test");
    seen |= existed_then_write("/dev/shm/judge-leak-test");
    puts(seen ? "seen" : "fresh");
    return 0;
}
