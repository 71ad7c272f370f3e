// A small stand-in for Codeforces' testlib.h, written for judge's tests: the few calls this
// package's checker makes, with testlib's calling convention and exit codes (checker: `check
// input output answer`, 0 ok, 1 wrong answer, 3 failure, 7 points: `quitp` writes `points N
// message` on standard error, as testlib does on Polygon). It is not testlib; a real package
// brings the real one.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <cstdarg>
#include <string>

enum TResult { _ok = 0, _wa = 1, _fail = 3 };

[[noreturn]] inline void quitf(TResult result, const char *format, ...) {
    va_list args;
    va_start(args, format);
    std::fprintf(stderr, result == _ok ? "ok " : result == _wa ? "wrong answer " : "FAIL ");
    std::vfprintf(stderr, format, args);
    std::fprintf(stderr, "\n");
    va_end(args);
    std::exit(result);
}

[[noreturn]] inline void quitp(double points, const char *format, ...) {
    va_list args;
    va_start(args, format);
    std::fprintf(stderr, "points %g ", points);
    std::vfprintf(stderr, format, args);
    std::fprintf(stderr, "\n");
    va_end(args);
    std::exit(7);
}

struct InStream {
    std::FILE *file = nullptr;
    TResult on_error = _fail;
    bool strict = false;

    int peek() {
        int c = std::getc(file);
        if (c != EOF) std::ungetc(c, file);
        return c;
    }
    void skipBlanks() {
        if (strict) return;
        while (peek() == ' ' || peek() == '\n' || peek() == '\r' || peek() == '\t') std::getc(file);
    }
    long long readLong(long long low, long long high, const char *name) {
        skipBlanks();
        std::string text;
        while (peek() == '-' || (peek() >= '0' && peek() <= '9')) text += char(std::getc(file));
        if (text.empty() || text == "-") quitf(on_error, "expected an integer %s", name);
        long long value = std::atoll(text.c_str());
        if (value < low || value > high) quitf(on_error, "%s = %lld out of range", name, value);
        return value;
    }
    int readInt(int low, int high, const char *name) { return int(readLong(low, high, name)); }
    void readSpace() { if (std::getc(file) != ' ') quitf(on_error, "expected a space"); }
    void readEoln() { if (std::getc(file) != '\n') quitf(on_error, "expected EOLN"); }
    void readEof() {
        skipBlanks();
        if (std::getc(file) != EOF) quitf(on_error, "expected EOF");
    }
};

inline InStream inf, ouf, ans;

inline void registerTestlibCmd(int argc, char **argv) {
    if (argc < 4) quitf(_fail, "usage: check input output answer");
    inf.file = std::fopen(argv[1], "r");
    ouf.file = std::fopen(argv[2], "r");
    ans.file = std::fopen(argv[3], "r");
    if (!inf.file || !ouf.file || !ans.file) quitf(_fail, "cannot open the files");
    ouf.on_error = _wa;
}

inline void registerValidation(int, char **) {
    inf.file = stdin;
    inf.strict = true;
}
