// What the output validator answers (the Kattis convention).
#pragma once
#include <cstdio>
#include <cstdlib>
inline void accept() { std::exit(42); }
inline void wrong(const char *why, const char *feedback_dir) {
    char path[4096];
    std::snprintf(path, sizeof path, "%sjudgemessage.txt", feedback_dir);
    if (FILE *f = std::fopen(path, "w")) { std::fputs(why, f); std::fclose(f); }
    std::exit(43);
}
