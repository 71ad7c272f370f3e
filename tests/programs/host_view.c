// Reads the host's name and a marker from its input (two words), then looks at what the
// sandbox shows of the host: the host name, and pid 1's command line and environment (the
// keeper's). Prints "fresh" when none of them names the host, the marker (the grader's
// temporary folder) or the launcher, else "seen:" and what showed it, as one word.
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static size_t read_whole(const char *path, char *buffer, size_t size) {
    FILE *file = fopen(path, "rb");
    if (file == NULL) return 0;
    size_t length = fread(buffer, 1, size - 1, file);
    fclose(file);
    for (size_t i = 0; i < length; i++) if (buffer[i] == '\0') buffer[i] = ' ';
    buffer[length] = '\0';
    return length;
}

int main(void) {
    char host[256] = "", marker[256] = "";
    if (scanf("%255s %255s", host, marker) != 2) return 1;
    int seen = 0;
    char name[256] = "";
    gethostname(name, sizeof name - 1);
    char found[64] = "seen";
    if (strcmp(name, host) == 0) { seen = 1; strcat(found, strchr(found, ':') ? ",hostname" : ":hostname"); }
    static char text[1 << 16];
    const char *files[] = { "/proc/1/cmdline", "/proc/1/environ" };
    for (int i = 0; i < 2; i++) {
        if (read_whole(files[i], text, sizeof text) == 0) continue;
        if (strstr(text, marker) || strstr(text, "__launch") || strstr(text, "{") ||
            strstr(text, host)) {
            seen = 1;
            strcat(found, strchr(found, ':') ? "," : ":");
            strcat(found, i == 0 ? "cmdline" : "environ");
        }
    }
    puts(seen ? found : "fresh");
    return 0;
}
