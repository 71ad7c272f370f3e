// Input validator of "Guess the Number" (Kattis convention: exit 42 when the input keeps the
// promises, 43 when it does not, the reason on standard error). It reads the input on
// standard input: exactly one line "N X", plain decimal numbers, 1 <= X <= N <= 10^6.
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <iterator>
#include <string>

static void invalid(const std::string& why) {
    std::fprintf(stderr, "%s\n", why.c_str());
    std::exit(43);
}

// A positive decimal number without leading zeros at text[pos...], followed by `end`.
static long long number(const std::string& text, size_t& pos, char end, const char* name) {
    size_t start = pos;
    while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') pos++;
    if (pos == start || text[start] == '0' || pos - start > 7)
        invalid(std::string(name) + " is not a positive decimal number of at most 7 digits");
    if (pos >= text.size() || text[pos] != end)
        invalid(std::string("expected ") + (end == ' ' ? "one space" : "a newline") + " after " + name);
    pos++;
    return std::atoll(text.substr(start, pos - 1 - start).c_str());
}

int main() {
    std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    size_t pos = 0;
    long long n = number(text, pos, ' ', "N");
    long long x = number(text, pos, '\n', "X");
    if (pos != text.size()) invalid("more input after the first line");
    if (n > 1000000) invalid("N = " + std::to_string(n) + " is more than 10^6");
    if (x > n) invalid("X = " + std::to_string(x) + " is not in 1..N");
    return 42;
}
