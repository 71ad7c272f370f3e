// Keeps growing a vector and touching it: past the 512 MiB limit the kernel's OOM killer
// ends it inside its memory cgroup (MLE), even though the program itself just "crashes".
#include <cstdio>
#include <vector>

int main() {
    std::vector<char> memory;
    for (;;) {
        memory.resize(memory.size() + (16 << 20), 1);
    }
    std::printf("%zu\n", memory.size());
}
