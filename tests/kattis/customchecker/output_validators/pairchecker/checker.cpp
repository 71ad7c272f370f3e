// Output validator for "Pair Sum" (Kattis output validator protocol).
//
//   checker input_file answer_file feedback_dir/ [flags...] < team_output
//
// Exit 42: accepted, 43: wrong answer; anything else is a judge error.
// Writes a one-line reason to feedback_dir/judgemessage.txt in every case, and the
// arguments it got to stderr (shown by `verifyproblem -l debug`).
//
// Flags (from problem.yaml validator_flags, then the group's output_validator_flags):
//   pairs_mode    required (set in problem.yaml): proves the problem-level flags arrive;
//   strict_order  the pair must be printed as i < j (otherwise either order is accepted).
// Any other flag is a judge error (exit 1), so a judge that passes wrong flags is caught.
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

static std::string feedback_dir;

static void message(const std::string &text) {
    std::ofstream out(feedback_dir + "judgemessage.txt", std::ios::app);
    out << text << "\n";
}

[[noreturn]] static void accept(const std::string &why) {
    message("AC: " + why);
    std::exit(42);
}

[[noreturn]] static void reject(const std::string &why) {
    message("WA: " + why);
    std::exit(43);
}

[[noreturn]] static void judge_error(const std::string &why) {
    message("JUDGE ERROR: " + why);
    std::fprintf(stderr, "judge error: %s\n", why.c_str());
    std::exit(1);
}

// Parses a decimal integer of at most 12 digits (no '+', no leading zeros besides "0").
static bool parse_index(const std::string &tok, long long &value) {
    size_t i = 0;
    bool negative = false;
    if (i < tok.size() && tok[i] == '-') {
        negative = true;
        i++;
    }
    if (i == tok.size() || tok.size() - i > 12) return false;
    if (tok[i] == '0' && tok.size() - i > 1) return false;
    long long v = 0;
    for (; i < tok.size(); i++) {
        if (tok[i] < '0' || tok[i] > '9') return false;
        v = v * 10 + (tok[i] - '0');
    }
    value = negative ? -v : v;
    return true;
}

static std::string lower(std::string s) {
    for (char &c : s) c = (char)std::tolower((unsigned char)c);
    return s;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: %s input answer feedback_dir [flags] < output\n", argv[0]);
        return 1;
    }
    feedback_dir = argv[3];
    if (feedback_dir.empty() || feedback_dir.back() != '/') feedback_dir += '/';

    std::string args;
    bool pairs_mode = false, strict_order = false;
    for (int k = 4; k < argc; k++) {
        std::string flag = argv[k];
        args += " " + flag;
        if (flag == "pairs_mode") pairs_mode = true;
        else if (flag == "strict_order") strict_order = true;
        else judge_error("unknown flag '" + flag + "'");
    }
    std::fprintf(stderr, "flags:%s\n", args.c_str());
    if (!pairs_mode) judge_error("flag pairs_mode (problem.yaml validator_flags) missing");

    std::ifstream in(argv[1]);
    long long n, t;
    if (!(in >> n >> t) || n < 2) judge_error("cannot read input file");
    std::vector<long long> a(n + 1);
    for (long long k = 1; k <= n; k++)
        if (!(in >> a[k])) judge_error("input file too short");

    std::ifstream ans(argv[2]);
    std::string judge_first;
    if (!(ans >> judge_first)) judge_error("empty answer file");
    bool judge_impossible = lower(judge_first) == "impossible";

    // Team output: whitespace-separated tokens, read as raw bytes.
    std::string output((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    std::vector<std::string> tokens;
    {
        std::string cur;
        for (char c : output) {
            if (std::isspace((unsigned char)c)) {
                if (!cur.empty()) tokens.push_back(cur);
                cur.clear();
            } else {
                cur += c;
            }
        }
        if (!cur.empty()) tokens.push_back(cur);
    }
    if (tokens.empty()) reject("empty output");

    if (lower(tokens[0]) == "impossible") {
        if (tokens.size() != 1) reject("trailing output after 'impossible'");
        if (!judge_impossible) reject("printed impossible, but a pair exists (judge: " + judge_first + " ...)");
        accept("correctly reported impossible");
    }

    if (tokens.size() != 2) reject("expected exactly two indices, got " + std::to_string(tokens.size()) + " tokens");
    long long i, j;
    if (!parse_index(tokens[0], i) || !parse_index(tokens[1], j))
        reject("indices must be integers, got '" + tokens[0].substr(0, 20) + "' '" + tokens[1].substr(0, 20) + "'");
    if (i < 1 || i > n || j < 1 || j > n) reject("index out of range 1.." + std::to_string(n));
    if (i == j) reject("the two indices must differ (both " + std::to_string(i) + ")");
    if (strict_order && i > j) reject("strict_order: expected i < j, got " + std::to_string(i) + " " + std::to_string(j));
    if (a[i] + a[j] != t)
        reject("a[" + std::to_string(i) + "] + a[" + std::to_string(j) + "] = " + std::to_string(a[i] + a[j]) +
               ", expected " + std::to_string(t));
    if (judge_impossible) judge_error("team found a valid pair but the answer file says impossible");
    accept("a[" + std::to_string(i) + "] + a[" + std::to_string(j) + "] = " + std::to_string(t));
}
