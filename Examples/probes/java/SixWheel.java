import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;

/**
 * A six-sector wheel as a Java game computes it in float degrees, behind the fairness-audit probe protocol
 * (docs/probe-protocol.md). With --bug, the sector is read as if the pointer sat at 3 o'clock (90 degrees
 * further round) while it is drawn at the top: every sector shows its neighbour's number.
 */
public final class SixWheel {
    private static boolean bug;

    static int sectorAt(float rotation) {
        float angle = (-rotation) % 360f;
        if (angle < 0f) angle += 360f;
        if (bug) angle = (angle + 90f) % 360f;
        int index = (int) (angle / 60f);
        return Math.min(index, 5) + 1;
    }

    static final java.util.SplittableRandom RANDOM = new java.util.SplittableRandom();

    static float spin(float drawn) {
        return 2 * 360f + drawn;
    }

    public static void main(String[] args) throws IOException {
        bug = args.length > 0 && args[0].equals("--bug");
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in), 1 << 16);
        PrintWriter out = new PrintWriter(System.out, false);
        float session = 0f;
        String line;
        while ((line = in.readLine()) != null) {
            String[] words = line.trim().split(" ");
            switch (words[0]) {
                case "fairness-probe": out.println("ok 4 wheel float"); break;
                case "random": {
                    // Protocol version 4: the game's own random source, SplittableRandom's nextDouble()
                    // (java.util.Random's low bits have short periods: audit rng fails it, docs/figures/rng-controls.md).
                    int count = Integer.parseInt(words[1]);
                    StringBuilder answer = new StringBuilder(count * 20).append("double");
                    for (int i = 0; i < count; i++) answer.append(' ').append(Double.toString(RANDOM.nextDouble()));
                    out.println(answer);
                    break;
                }
                case "report": out.println(sectorAt(Float.parseFloat(words[1]))); break;
                case "spin": out.println(Float.toString(spin(Float.parseFloat(words[1])))); break;
                case "reset": session = 0f; out.println("ok"); break;
                case "play":
                    session = spin(Float.parseFloat(words[1]));
                    out.println(Float.toString(session) + " " + sectorAt(session));
                    break;
                default: out.println("none");
            }
            // Answer everything read so far before waiting for more.
            if (!in.ready()) out.flush();
        }
        out.flush();
    }
}
