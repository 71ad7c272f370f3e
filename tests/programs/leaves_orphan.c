// Leaves an escaped process behind (setsid + double fork, sleeping 1000 s) after first looking
// for one left by an earlier run: prints "seen" if /proc shows any process but pid 1 (the
// sandbox's keeper) and itself, "fresh" otherwise. Runs of one grading worker share a sandbox,
// so this is what tells whether a run ends everything the run before it started.
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
static int others_alive(void) {
    DIR *proc = opendir("/proc");
    if (!proc) return 1;
    int found = 0;
    struct dirent *entry;
    while ((entry = readdir(proc)) != NULL) {
        if (!isdigit((unsigned char)entry->d_name[0])) continue;
        int pid = atoi(entry->d_name);
        if (pid != 1 && pid != getpid()) found = 1;
    }
    closedir(proc);
    return found;
}
int main(void) {
    int seen = others_alive();
    pid_t child = fork();
    if (child == 0) {
        setsid();
        if (fork() == 0) {
            sleep(1000);
            _exit(0);
        }
        _exit(0);
    }
    waitpid(child, NULL, 0);
    puts(seen ? "seen" : "fresh");
    return 0;
}
