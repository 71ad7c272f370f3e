// Checker of "A plus B" (testlib convention): called as `check INPUT OUTPUT ANSWER`, three
// file names: the test's input, what the solution printed, and the reference's answer.
// Exit 0 accepted, 1 wrong answer, 2 presentation error, 3 when the checker itself cannot
// judge (a broken answer file); the message on standard error is shown in the report.
//
// A plain token comparison would do for this problem; the checker is here as an example of
// one that accepts every right output: the sum written in any way a number can be written
// ("+3", "003"), with any spaces and line ends around it.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

static void verdict(int code, const std::string& message) {
    std::fprintf(stderr, "%s\n", message.c_str());
    std::exit(code);
}

// The value of an integer written with an optional sign and any leading zeros; false when
// `word` is not one (or is too long to be the sum).
static bool parse(const std::string& word, long long& value) {
    size_t pos = (word[0] == '+' || word[0] == '-') ? 1 : 0;
    while (pos + 1 < word.size() && word[pos] == '0') pos++;
    std::string digits = word.substr(pos);
    if (digits.empty() || digits.size() > 18) return false;
    for (char c : digits)
        if (c < '0' || c > '9') return false;
    value = std::atoll(digits.c_str());
    if (word[0] == '-') value = -value;
    return true;
}

int main(int argc, char** argv) {
    if (argc < 4) verdict(3, "usage: check INPUT OUTPUT ANSWER");
    std::ifstream input(argv[1]), output(argv[2]), answer(argv[3]);
    long long expected;
    std::string word;
    if (!(answer >> word) || !parse(word, expected)) verdict(3, "the answer file does not hold an integer");

    // The input is there if a checker needs it (to check an answer that is one of many right
    // ones, say); this one uses it for a better message.
    std::string a, b;
    input >> a >> b;

    long long got;
    if (!(output >> word)) verdict(1, "no output: expected the sum");
    if (!parse(word, got)) verdict(1, "'" + word.substr(0, 30) + "' is not an integer");
    std::string extra;
    if (output >> extra) verdict(2, "more output after the sum: '" + extra.substr(0, 30) + "'");
    if (got != expected)
        verdict(1, a + " + " + b + " is " + std::to_string(expected) + ", not " + word);
    return 0;
}
