// Binds an abstract socket, then sends its own descriptor through a socket pair into the
// pair's own queue and closes everything: the listener lives on only "in flight", until the
// kernel's garbage collector of Unix sockets finds the cycle. Prints "fresh" if the name was not
// bound when it started (by an earlier run), else "seen:cycle".
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
static const char NAME[] = "judge-leak-cycle";
int main(void) {
    struct sockaddr_un a; memset(&a, 0, sizeof a); a.sun_family = AF_UNIX;
    memcpy(a.sun_path + 1, NAME, sizeof NAME - 1);
    socklen_t len = offsetof(struct sockaddr_un, sun_path) + 1 + sizeof NAME - 1;
    int probe = socket(AF_UNIX, SOCK_STREAM, 0);
    int seen = connect(probe, (struct sockaddr *)&a, len) == 0;
    int l = socket(AF_UNIX, SOCK_STREAM, 0);
    if (bind(l, (struct sockaddr *)&a, len) == 0) listen(l, 4);
    int pair[2]; socketpair(AF_UNIX, SOCK_DGRAM, 0, pair);
    char byte = 0; struct iovec io = { &byte, 1 };
    char control[CMSG_SPACE(2 * sizeof(int))]; memset(control, 0, sizeof control);
    struct msghdr m = { .msg_iov = &io, .msg_iovlen = 1, .msg_control = control, .msg_controllen = sizeof control };
    struct cmsghdr *c = CMSG_FIRSTHDR(&m); c->cmsg_level = SOL_SOCKET; c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(2 * sizeof(int)); int fds[2] = { l, pair[0] }; memcpy(CMSG_DATA(c), fds, sizeof fds);
    sendmsg(pair[1], &m, 0);
    close(l); close(pair[0]); close(pair[1]);
    puts(seen ? "seen:cycle" : "fresh");
    return 0;
}
