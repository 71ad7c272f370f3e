// Reads a TCP port from standard input and tries to connect to 127.0.0.1 on it; prints "blocked" if the connection fails, "connected" otherwise.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
int main(void) {
    int port = 0;
    if (scanf("%d", &port) != 1) return 3;
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) { puts("blocked"); return 0; }
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons((unsigned short)port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        puts("blocked");
    } else {
        puts("connected");
    }
    close(fd);
    return 0;
}
