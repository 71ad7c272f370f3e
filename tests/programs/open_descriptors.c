// Prints "fresh" if its only open descriptors are 0, 1, 2 (and the one listing /proc/self/fd),
// otherwise the numbers of the others: a descriptor of the grader, the launcher or whoever
// started them must not reach a solution.
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
int main(void) {
    DIR *listing = opendir("/proc/self/fd");
    if (!listing) {
        puts("no /proc/self/fd");
        return 0;
    }
    int own = dirfd(listing), others = 0;
    struct dirent *entry;
    while ((entry = readdir(listing)) != NULL) {
        if (entry->d_name[0] == '.') continue;
        int fd = atoi(entry->d_name);
        if (fd > 2 && fd != own) {
            printf("%d ", fd);
            others = 1;
        }
    }
    closedir(listing);
    puts(others ? "leaked" : "fresh");
    return 0;
}
