// Prints "fresh" (the answer of the --tests-dir tests) after reading its input; keeps a
// nested class and 24 MiB of arrays alive, so the JVM's heap must hold them.
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

public class PrintsFresh {
    static final class Held {
        final int[][] rows = new int[24][1 << 18];
    }

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String line = in.readLine();
        Held held = new Held();
        for (int[] row : held.rows) {
            row[row.length - 1] = 1;
        }
        System.out.println("x".equals(line) && held.rows[23][(1 << 18) - 1] == 1 ? "fresh" : "stale");
    }
}
