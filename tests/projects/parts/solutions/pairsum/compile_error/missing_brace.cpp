// Compile error: a brace is missing.
int main() {
    return 0;
