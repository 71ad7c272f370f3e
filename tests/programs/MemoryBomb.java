// Memory bomb (Java): keeps 1 MiB int arrays forever, each filled so that its pages are
// touched. Its heap is sized from the memory limit, so it ends either killed at the limit or
// with OutOfMemoryError: MLE both ways.
import java.util.ArrayList;
import java.util.Arrays;

public class MemoryBomb {
    public static void main(String[] args) {
        ArrayList<int[]> blocks = new ArrayList<>();
        for (;;) {
            int[] block = new int[1 << 18];
            Arrays.fill(block, blocks.size());
            blocks.add(block);
        }
    }
}
