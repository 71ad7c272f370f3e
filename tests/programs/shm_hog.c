// Reads one word. "leave": makes a 192 MiB System V shared-memory segment, touches every page
// and exits without removing it. "use": allocates and touches 128 MiB. Prints "fresh" either
// way; a segment an earlier run left, were it still charged to the memory group, would take a
// "use" run under a 256 MiB limit over it.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/shm.h>

#define MIB (1024UL * 1024UL)

int main(void) {
    char word[16] = "";
    if (scanf("%15s", word) != 1) return 1;
    if (strcmp(word, "leave") == 0) {
        int segment = shmget(IPC_PRIVATE, 192 * MIB, IPC_CREAT | 0600);
        if (segment < 0) { perror("shmget"); return 1; }
        char *memory = shmat(segment, NULL, 0);
        if (memory == (void *)-1) { perror("shmat"); return 1; }
        memset(memory, 1, 192 * MIB);
        shmdt(memory);
    } else {
        char *memory = malloc(128 * MIB);
        if (memory == NULL) return 1;
        memset(memory, 1, 128 * MIB);
        printf("%s", memory[12345] == 1 ? "" : "?");
    }
    puts("fresh");
    return 0;
}
