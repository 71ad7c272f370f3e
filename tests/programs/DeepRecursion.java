// Recursion a million calls deep (a depth-first search along a path), which Java's default
// 1 MiB thread stack could not hold: prints "fresh" when it got to the end.
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

public class DeepRecursion {
    static int[] next;
    static int deepest;

    static void visit(int node, int parent, int depth) {
        deepest = Math.max(deepest, depth);
        int child = next[node];
        if (child >= 0 && child != parent) {
            visit(child, node, depth + 1);
        }
    }

    public static void main(String[] args) throws IOException {
        new BufferedReader(new InputStreamReader(System.in)).readLine();
        int nodes = 1_000_000;
        next = new int[nodes];
        for (int i = 0; i < nodes; i++) {
            next[i] = i + 1 < nodes ? i + 1 : -1;
        }
        visit(0, -1, 1);
        System.out.println(deepest == nodes ? "fresh" : "stale");
    }
}
