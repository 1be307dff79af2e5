package tabulo.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The baseline of {@code bench graphalytics}: python/bench/graphalytics_baseline.py (python-graphblas,
 * SuiteSparse:GraphBLAS) run in a separate process with the checkout's .venv Python (else python3), on the
 * numpy arrays {@link LdbcDatasetWriter} wrote. Its timings come back as one JSON line.
 */
final class GraphBlasBaseline {
  /** The script's exit status when numpy or python-graphblas cannot be imported. */
  private static final int NOT_INSTALLED = 3;
  static final String SCRIPT = "python/bench/graphalytics_baseline.py";

  /** What the baseline measured: load seconds, and processing seconds per algorithm; or why it was skipped. */
  record Result(String skipped, double loadSeconds, Map<String, Double> processingSeconds) {
    static Result skipped(String why) {
      return new Result(why, Double.NaN, Map.of());
    }
  }

  private GraphBlasBaseline() {}

  /** The checkout this code runs from: target/classes or target/tabulo.jar, two levels up. */
  static Path checkout() {
    try {
      Path code = Path.of(GraphBlasBaseline.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      return code.toAbsolutePath().getParent().getParent();
    } catch (Exception e) {
      return Path.of("").toAbsolutePath();
    }
  }

  /** {@code python} if given, else the checkout's .venv/bin/python if present, else python3. */
  static String python(String python) {
    if (python != null) {
      return python;
    }
    Path venv = checkout().resolve(".venv/bin/python");
    return Files.isExecutable(venv) ? venv.toString() : "python3";
  }

  /** Runs the algorithms on {@code dataset}, writing outputs into {@code outDir}, with {@code threads}. */
  static Result run(String python, Path dataset, List<String> algorithms, Path outDir, int threads)
      throws IOException, InterruptedException {
    Path script = checkout().resolve(SCRIPT);
    if (!Files.isReadable(script)) {
      return Result.skipped("no " + SCRIPT + " beside this build (" + checkout() + ")");
    }
    Files.createDirectories(outDir);
    ProcessBuilder pb = new ProcessBuilder(python, script.toString(), dataset.toString(), "--out-dir",
        outDir.toString(), "--algorithms", String.join(",", algorithms), "--threads", Integer.toString(threads));
    pb.redirectError(ProcessBuilder.Redirect.INHERIT);
    Process p;
    try {
      p = pb.start();
    } catch (IOException e) {
      return Result.skipped("cannot run " + python + ": " + e.getMessage());
    }
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    int status = p.waitFor();
    if (status == NOT_INSTALLED) {
      return Result.skipped("python-graphblas (or numpy) is not installed for " + python + "; install it with: "
          + python + " -m pip install numpy scipy python-graphblas suitesparse-graphblas (or: TABULO_SKIP_JAVA=1 ./test -k install)");
    }
    if (status != 0) {
      throw new IOException(script + " failed with status " + status + " (its errors above)");
    }
    String json = out.substring(out.lastIndexOf('\n') + 1);
    return new Result(null, number(json, "load_seconds"), processing(json, algorithms));
  }

  private static double number(String json, String key) {
    Matcher m = Pattern.compile("\"" + key + "\": ([-0-9.eE+]+)").matcher(json);
    if (!m.find()) {
      throw new IllegalStateException("no " + key + " in the baseline's report: " + json);
    }
    return Double.parseDouble(m.group(1));
  }

  private static Map<String, Double> processing(String json, List<String> algorithms) {
    Map<String, Double> seconds = new HashMap<>();
    for (String a : algorithms) {
      Matcher m = Pattern.compile("\"" + a + "\": \\{\"processing_seconds\": ([-0-9.eE+]+)").matcher(json);
      if (!m.find()) {
        throw new IllegalStateException("no processing_seconds for " + a + " in the baseline's report: " + json);
      }
      seconds.put(a, Double.parseDouble(m.group(1)));
    }
    return seconds;
  }
}
