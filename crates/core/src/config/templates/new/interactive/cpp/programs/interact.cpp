// Interactor of "Guess the Number" (Kattis convention): called as
//   interact INPUT ANSWER FEEDBACK_DIR/
// INPUT is the test's input ("N X"), ANSWER its answer file (not needed here), and in
// FEEDBACK_DIR/judgemessage.txt goes the reason for a wrong answer. Its standard output goes
// to the solution and the solution's output comes in on its standard input: flush after every
// line, or both sides wait forever. Exit 42 when the solution found X within 20 questions,
// 43 on a wrong answer.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

static std::string feedback_dir;

static void wrong(const std::string& message) {
    std::ofstream(feedback_dir + "judgemessage.txt") << message << "\n";
    std::exit(43);
}

int main(int argc, char** argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: interact INPUT ANSWER FEEDBACK_DIR/\n");
        return 1;  // neither 42 nor 43: a judge error
    }
    const int max_questions = 20;
    long long n, x;
    std::ifstream(argv[1]) >> n >> x;
    feedback_dir = argv[3];

    std::cout << n << std::endl;  // std::endl flushes
    for (int question = 1; question <= max_questions + 1; question++) {
        std::string line;
        if (!std::getline(std::cin, line))
            wrong("the program ended after " + std::to_string(question - 1) +
                  " questions without finding the number");
        std::istringstream words(line);
        std::string mark, rest;
        long long y;
        if (!(words >> mark >> y) || mark != "?" || (words >> rest))
            wrong("question " + std::to_string(question) + ": '" + line.substr(0, 40) + "' is not '? y'");
        if (question > max_questions) wrong("more than " + std::to_string(max_questions) + " questions");
        if (y < 1 || y > n)
            wrong("question " + std::to_string(question) + ": " + std::to_string(y) + " is not in 1..N");
        if (y == x) {
            std::cout << "=" << std::endl;
            return 42;
        }
        std::cout << (x < y ? "<" : ">") << std::endl;
    }
    return 42;  // not reached: the loop ends by a verdict
}
