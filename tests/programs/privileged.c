// Tries to read root-only files (/etc/shadow, /root/.bashrc); prints "denied" if neither can be read, else "read PATH".
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
int main(void) {
    const char *paths[] = {"/etc/shadow", "/root/.bashrc"};
    int denied = 1;
    for (int i = 0; i < 2; i++) {
        int fd = open(paths[i], O_RDONLY);
        char byte;
        if (fd >= 0 && read(fd, &byte, 1) >= 0) {
            printf("read %s\n", paths[i]);
            denied = 0;
        }
        if (fd >= 0) close(fd);
    }
    if (denied) puts("denied");
    return 0;
}
