// Input validator of "A plus B" (testlib convention: exit 0 when the input keeps the
// statement's promises, anything else when it does not, the reason on standard error).
// It reads the input on standard input and is strict about the format, so that solutions
// may rely on it: one line "A B", one space, a final newline, plain decimal integers (no "+",
// no leading zeros, no "-0") with -2147483647 <= A, B <= 2147483647.
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <iterator>
#include <string>

static void invalid(const std::string& why) {
    std::fprintf(stderr, "%s\n", why.c_str());
    std::exit(1);
}

// Reads a plain decimal integer at text[pos...], up to the character `end`; checks its bounds.
static long long integer(const std::string& text, size_t& pos, char end, const char* name) {
    size_t start = pos;
    bool negative = pos < text.size() && text[pos] == '-';
    if (negative) pos++;
    size_t digits = pos;
    while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') pos++;
    std::string word = text.substr(start, pos - start);
    if (pos == digits || pos - digits > 10 || (text[digits] == '0' && (pos - digits > 1 || negative)))
        invalid(std::string(name) + " = '" + word + "' is not a plain decimal integer");
    if (pos >= text.size() || text[pos] != end)
        invalid(std::string("expected ") + (end == ' ' ? "one space" : "a newline") + " after " + name);
    pos++;
    long long value = std::atoll(word.c_str());
    if (value < -2147483647LL || value > 2147483647LL)
        invalid(std::string(name) + " = " + word + " is out of range [-2147483647, 2147483647]");
    return value;
}

int main() {
    std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    size_t pos = 0;
    integer(text, pos, ' ', "A");
    integer(text, pos, '\n', "B");
    if (pos != text.size()) invalid("more input after the first line");
    return 0;
}
