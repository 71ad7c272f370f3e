// Tries to open every path listed on standard input (one per line); prints "hidden" only if every open fails, else "visible PATH".
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
int main(void) {
    char path[4096];
    int all_hidden = 1;
    while (fgets(path, sizeof path, stdin)) {
        path[strcspn(path, "\r\n")] = 0;
        if (!path[0]) continue;
        int fd = open(path, O_RDONLY);
        if (fd >= 0) {
            printf("visible %s\n", path);
            close(fd);
            all_hidden = 0;
        }
    }
    if (all_hidden) puts("hidden");
    return 0;
}
