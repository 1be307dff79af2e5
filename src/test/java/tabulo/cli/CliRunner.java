package tabulo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs {@code tabulo} command lines in-process through {@link Main#run} against one database
 * directory, capturing standard output and standard error.
 */
final class CliRunner {
  /** One command's outcome. */
  record Result(String[] args, int code, String out, String err) {
    List<String> outLines() {
      return lines(out);
    }

    @Override
    public String toString() {
      return "tabulo " + String.join(" ", args) + " -> exit " + code + "\n--- stdout:\n" + out + "--- stderr:\n" + err;
    }
  }

  private final Path db;
  private final Path scratch;
  private final AtomicInteger files = new AtomicInteger();

  CliRunner(Path tempDir) {
    this.db = tempDir.resolve("db");
    this.scratch = tempDir.resolve("files");
    try {
      Files.createDirectories(scratch);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  Path db() {
    return db;
  }

  /** Runs {@code tabulo --db DB ARGS...} as the default user (root). */
  Result run(String... args) {
    String[] full = new String[args.length + 2];
    full[0] = "--db";
    full[1] = db.toString();
    System.arraycopy(args, 0, full, 2, args.length);
    return raw(full);
  }

  /** Runs {@code tabulo --db DB --user USER ARGS...}. */
  Result as(String user, String... args) {
    String[] full = new String[args.length + 2];
    full[0] = "--user";
    full[1] = user;
    System.arraycopy(args, 0, full, 2, args.length);
    return run(full);
  }

  /** Runs exactly these arguments (no --db added). */
  static Result raw(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code;
    try (PrintWriter o = new PrintWriter(out); PrintWriter e = new PrintWriter(err)) {
      code = Main.run(args, o, e);
    }
    return new Result(args.clone(), code, out.toString(), err.toString());
  }

  /** Runs a command with the given bytes as standard input. */
  Result withStdin(byte[] input, String... args) {
    InputStream saved = System.in;
    System.setIn(new ByteArrayInputStream(input));
    try {
      return run(args);
    } finally {
      System.setIn(saved);
    }
  }

  /** Writes a scratch file and returns its path. */
  Path file(byte[] content) {
    Path p = scratch.resolve("in" + files.incrementAndGet() + ".tsv");
    try {
      Files.write(p, content);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return p;
  }

  Path file(String content) {
    return file(content.getBytes(StandardCharsets.UTF_8));
  }

  // ---------------------------------------------------------------- assertions

  /** Asserts exit 0 and returns stdout. */
  static String ok(Result r) {
    if (r.code() != 0) {
      fail("expected success: " + r);
    }
    assertNoStackTrace(r);
    return r.out();
  }

  Result okRun(String... args) {
    Result r = run(args);
    ok(r);
    return r;
  }

  /** Creates a table, failing the test if that fails. */
  void create(String table, String... splits) {
    if (splits.length == 0) {
      okRun("create", table);
    } else {
      okRun("create", table, "--splits", String.join(",", splits));
    }
  }

  /** Puts TSV text into a table through a file, failing the test if that fails. */
  void put(String table, String tsv) {
    put(table, tsv.getBytes(StandardCharsets.UTF_8));
  }

  void put(String table, byte[] tsv) {
    okRun("put", table, file(tsv).toString());
  }

  String scan(String table, String... options) {
    String[] args = new String[options.length + 2];
    args[0] = "scan";
    args[1] = table;
    System.arraycopy(options, 0, args, 2, options.length);
    return ok(run(args));
  }

  /**
   * Asserts a failed command: this exit code, nothing on stdout, and stderr exactly one line,
   * {@code "tabulo: " + message}, without a stack trace.
   */
  static void assertError(Result r, int code, String message) {
    assertEquals(code, r.code(), () -> "exit code of " + r);
    assertEquals("tabulo: " + message + "\n", r.err(), () -> "stderr of " + r);
    assertEquals("", r.out(), () -> "stdout of " + r);
    assertNoStackTrace(r);
  }

  /** As {@link #assertError} but the one line need only start with {@code "tabulo: " + prefix}. */
  static void assertErrorStartsWith(Result r, int code, String prefix) {
    assertEquals(code, r.code(), () -> "exit code of " + r);
    List<String> lines = lines(r.err());
    assertEquals(1, lines.size(), () -> "stderr must be one line: " + r);
    assertTrue(lines.get(0).startsWith("tabulo: " + prefix), () -> "stderr of " + r + "\nexpected prefix: tabulo: "
        + prefix);
    assertTrue(r.err().endsWith("\n"), () -> "stderr must end the line: " + r);
    assertEquals("", r.out(), () -> "stdout of " + r);
    assertNoStackTrace(r);
  }

  /** Asserts a usage error (exit 2): one line naming the problem and pointing at the help. */
  static void assertUsage(Result r, String problem, String helpPath) {
    assertError(r, 2, problem + " (see 'tabulo " + helpPath + "--help')");
  }

  static void assertNoStackTrace(Result r) {
    assertFalse(r.err().contains("\tat "), () -> "stack trace on stderr: " + r);
    assertFalse(r.out().contains("\tat "), () -> "stack trace on stdout: " + r);
    assertFalse(r.err().contains("internal error"), () -> "internal error: " + r);
  }

  static List<String> lines(String text) {
    if (text.isEmpty()) {
      return List.of();
    }
    List<String> out = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
    if (out.get(out.size() - 1).isEmpty()) {
      out.remove(out.size() - 1);
    }
    return out;
  }

  /** Lines joined, each followed by a newline, as the CLI prints them. */
  static String text(List<String> lines) {
    StringBuilder sb = new StringBuilder();
    for (String l : lines) {
      sb.append(l).append('\n');
    }
    return sb.toString();
  }

  /** The value of a {@code key<TAB>value} line of {@code info}. */
  static long infoValue(String infoOutput, String key) {
    for (String line : lines(infoOutput)) {
      String[] f = line.split("\t", -1);
      if (f[0].equals(key)) {
        return Long.parseLong(f[1]);
      }
    }
    throw new AssertionError("no '" + key + "' line in info output:\n" + infoOutput);
  }
}
