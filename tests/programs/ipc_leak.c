// Looks for the IPC objects an earlier run would have left, then leaves them itself: a System V
// shared-memory segment, semaphore set and message queue (fixed keys), a POSIX message queue,
// and an abstract Unix socket held by a child that tries to outlive the run. Prints "fresh" if
// none was there, else "seen:" and what it found, as one word (the checker's message shows it).
#include <fcntl.h>
#include <mqueue.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#define KEY 0x4a554447 /* "JUDG" */
static const char SOCKET_NAME[] = "judge-leak-socket";

static socklen_t abstract_address(struct sockaddr_un *address) {
    memset(address, 0, sizeof *address);
    address->sun_family = AF_UNIX;
    memcpy(address->sun_path + 1, SOCKET_NAME, sizeof SOCKET_NAME - 1);
    return (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + sizeof SOCKET_NAME - 1);
}

static char found[256] = "seen";
static int seen = 0;
static void saw(const char *what) {
    seen = 1;
    strcat(found, strchr(found, ':') ? "," : ":");
    strcat(found, what);
}

int main(void) {
    if (shmget(KEY, 0, 0) >= 0) saw("shm");
    if (semget(KEY, 0, 0) >= 0) saw("sem");
    if (msgget(KEY, 0) >= 0) saw("msg");
    mqd_t queue = mq_open("/judge-leak-queue", O_RDONLY);
    if (queue != (mqd_t)-1) { saw("mqueue"); mq_close(queue); }
    struct sockaddr_un address;
    socklen_t length = abstract_address(&address);
    int probe = socket(AF_UNIX, SOCK_STREAM, 0);
    if (probe >= 0 && connect(probe, (struct sockaddr *)&address, length) == 0) saw("socket");

    int segment = shmget(KEY, 4096, IPC_CREAT | 0666);
    if (segment >= 0) {
        char *memory = shmat(segment, NULL, 0);
        if (memory != (void *)-1) { strcpy(memory, "left by an earlier run"); shmdt(memory); }
    }
    semget(KEY, 1, IPC_CREAT | 0666);
    int messages = msgget(KEY, IPC_CREAT | 0666);
    if (messages >= 0) {
        struct { long type; char text[8]; } message = { 1, "left" };
        msgsnd(messages, &message, sizeof message.text, IPC_NOWAIT);
    }
    struct mq_attr attributes = { .mq_maxmsg = 1, .mq_msgsize = 16 };
    queue = mq_open("/judge-leak-queue", O_CREAT | O_WRONLY, 0666, &attributes);
    if (queue != (mqd_t)-1) mq_close(queue);
    int listener = socket(AF_UNIX, SOCK_STREAM, 0);
    if (listener >= 0 && bind(listener, (struct sockaddr *)&address, length) == 0 &&
        listen(listener, 1) == 0 && fork() == 0) {
        // A child in a session of its own, holding the socket as long as it lives.
        setsid();
        close(0); close(1); close(2);
        sleep(30);
        _exit(0);
    }
    puts(seen ? found : "fresh");
    return 0;
}
