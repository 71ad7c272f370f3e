// Accepted: Java; the class is named like the file (problemtools runs {mainclass} = file name without .java).
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.StringTokenizer;

public class Sum {
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        int n = Integer.parseInt(in.readLine().trim());
        StringTokenizer st = new StringTokenizer(in.readLine());
        long s = 0;
        for (int i = 0; i < n; i++) {
            s += Long.parseLong(st.nextToken());
        }
        System.out.println(s);
    }
}
