package tabulo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tabulo.cli.CliRunner.assertError;
import static tabulo.cli.CliRunner.assertErrorStartsWith;
import static tabulo.cli.CliRunner.assertUsage;
import static tabulo.cli.CliRunner.infoValue;
import static tabulo.cli.CliRunner.ok;

import java.io.ByteArrayOutputStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import tabulo.cli.CliRunner.Result;

/**
 * Bad input and bad arguments: each gives its exit code (1 error, 2 usage) and exactly one line on
 * stderr naming the problem, never a stack trace, and leaves the database as it was.
 */
class CliBadInputTest {
  @TempDir
  Path tmp;

  CliRunner cli;

  /** What table t holds before each test. */
  static final String BEFORE = "keep\tq\t1\nkeep\tq2\t2\n";

  @BeforeEach
  void setUp() {
    cli = new CliRunner(tmp);
    cli.create("t", "m");
    cli.put("t", BEFORE);
  }

  private void assertUnchanged() {
    assertEquals(BEFORE, cli.scan("t"));
    assertEquals(2, infoValue(ok(cli.run("info", "t")), "entries"));
  }

  /** Runs put with this file content and expects {@code FILE:LINE: problem}; t must be unchanged. */
  private void assertPutFails(byte[] content, int line, String problem) {
    Path f = cli.file(content);
    assertError(cli.run("put", "t", f.toString()), 1, f + ":" + line + ": " + problem);
    assertUnchanged();
  }

  private void assertPutFails(String content, int line, String problem) {
    assertPutFails(content.getBytes(StandardCharsets.UTF_8), line, problem);
  }

  private static byte[] bytes(Object... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (Object p : parts) {
      if (p instanceof String s) {
        out.writeBytes(s.getBytes(StandardCharsets.UTF_8));
      } else {
        for (int b : (int[]) p) {
          out.write(b);
        }
      }
    }
    return out.toByteArray();
  }

  // ---------------------------------------------------------------- put: the input

  @Test
  void wrongFieldCount() {
    assertPutFails("a\tq\t1\nb\tq\n", 2, "expected 3 or 4 tab-separated fields, found 2");
    assertPutFails("a\tq\t1\tA\textra\n", 1, "expected 3 or 4 tab-separated fields, found 5");
    assertPutFails("just one field\n", 1, "expected 3 or 4 tab-separated fields, found 1");
    // blank lines still count: the number is the line in the file
    assertPutFails("a\tq\t1\n\n\r\nb\n", 4, "expected 3 or 4 tab-separated fields, found 1");
  }

  @Test
  void badEscape() {
    assertPutFails("a\tq\tv\\q\n", 1, "value: bad escape '\\q' at character 2 (use \\\\ for a backslash)");
    // a backslash cannot escape the field separator: the row ends with a lone backslash
    assertPutFails("a\tq\t1\nr\\\tq\tv\n", 2, "row: trailing lone backslash at character 2");
    assertPutFails("a\tq\t\\\u0001\n", 1, "value: bad escape '\\U+0001' at character 1 (use \\\\ for a backslash)");
    assertPutFails("a\tq\\\t1\n", 1, "column: trailing lone backslash at character 2");
    assertPutFails("a\tq\t\\xZ1\n", 1, "value: bad escape '\\xZ1' at character 1: \\x needs two hex digits");
    assertPutFails("a\tq\tab\\x4\n", 1, "value: bad escape '\\x4' at character 3: \\x needs two hex digits");
  }

  @Test
  void invalidVisibility() {
    assertPutFails("a\tq\t1\tA\nb\tq\t1\tA&|B\n", 2, "invalid visibility \"A&|B\": empty term at byte 3");
    assertPutFails("b\tq\t1\tA&B|C\n", 1, "invalid visibility \"A&B|C\": cannot mix | and & at byte 4");
    assertPutFails("b\tq\t1\t(A\n", 1, "invalid visibility \"(A\": parenthesis mis-match at byte 2");
    assertPutFails("b\tq\t1\tA&\n", 1, "invalid visibility \"A&\": empty term at byte 3");
    // unusual labels must be quoted
    assertPutFails("b\tq\t1\tA B\n", 1, "invalid visibility \"A B\": bad character (32) at byte 2");
  }

  @Test
  void invalidUtf8() {
    assertPutFails(bytes("a\tq\t1\nr\tq\tv", new int[] {0xff}, "\n"), 2,
        "invalid UTF-8: byte 0xFF at byte 6 of the line (write raw bytes as \\xHH)");
    // an overlong encoding of '/', a UTF-16 surrogate, and a sequence cut short by the end of the line
    assertPutFails(bytes("r", new int[] {0xc0, 0xaf}, "\tq\tv\n"), 1,
        "invalid UTF-8: byte 0xC0 at byte 2 of the line (write raw bytes as \\xHH)");
    assertPutFails(bytes("r\tq\t", new int[] {0xed, 0xa0, 0x80}, "\n"), 1,
        "invalid UTF-8: byte 0xED at byte 5 of the line (write raw bytes as \\xHH)");
    assertPutFails(bytes("r\tq\tv", new int[] {0xe4, 0xb8}, "\n"), 1,
        "invalid UTF-8: byte 0xE4 at byte 6 of the line (write raw bytes as \\xHH)");
  }

  @Test
  void emptyRow() {
    assertPutFails("a\tq\t1\n\tq\tv\n", 2, "the row is empty");
    assertPutFails("a\tq\t1\n\tq\tv\tA\n", 2, "the row is empty");
  }

  @Test
  void missingOrUnreadableInput() {
    Path missing = tmp.resolve("no-such.tsv");
    assertError(cli.run("put", "t", missing.toString()), 1, "cannot read " + missing + ": no such file");
    assertError(cli.run("put", "t", tmp.toString()), 1, "cannot read " + tmp + ": it is a directory");
    assertUnchanged();
  }

  /** A bad line in the middle of the input: none of the good lines before it may be written. */
  @ParameterizedTest
  @ValueSource(strings = {"fields", "escape", "visibility", "utf8", "row"})
  void badLineFiveOfTenWritesNothing(String kind) {
    List<byte[]> lines = new ArrayList<>();
    for (int i = 1; i <= 10; i++) {
      lines.add(("new" + i + "\tq\tv" + i).getBytes(StandardCharsets.UTF_8));
    }
    lines.set(4, switch (kind) {
      case "fields" -> bytes("new5\tq");
      case "escape" -> bytes("new5\tq\t\\y");
      case "visibility" -> bytes("new5\tq\tv\tA||B");
      case "utf8" -> bytes("new5\tq\t", new int[] {0xfe});
      default -> bytes("\tq\tv");
    });
    ByteArrayOutputStream in = new ByteArrayOutputStream();
    for (byte[] l : lines) {
      in.writeBytes(l);
      in.write('\n');
    }
    Path f = cli.file(in.toByteArray());
    Result r = cli.run("put", "t", f.toString());
    assertErrorStartsWith(r, 1, f + ":5: ");
    assertUnchanged();
    // and a later scan by a new process (reopening the database) agrees
    assertEquals(BEFORE, cli.scan("t", "--rows", ":"));
    // the good lines alone go in
    lines.remove(4);
    ByteArrayOutputStream good = new ByteArrayOutputStream();
    for (byte[] l : lines) {
      good.writeBytes(l);
      good.write('\n');
    }
    cli.put("t", good.toByteArray());
    assertEquals(11, CliRunner.lines(cli.scan("t")).size());
  }

  @Test
  void badLastLineOfALargeInputWritesNothing() {
    StringBuilder in = new StringBuilder();
    for (int i = 0; i < 20000; i++) {
      in.append("bulk").append(i).append("\tq\t").append(i).append('\n');
    }
    in.append("bulk-last\tq\n");
    assertPutFails(in.toString(), 20001, "expected 3 or 4 tab-separated fields, found 2");
  }

  // ---------------------------------------------------------------- tables

  @Test
  void tableDoesNotExist() {
    Path f = cli.file("a\tq\t1\n");
    assertError(cli.run("put", "nope", f.toString()), 1, "no such table: nope");
    // put reads its first lines while the table opens: the table's error still comes before the input's
    assertError(cli.run("put", "nope", cli.file("a\tq\n").toString()), 1, "no such table: nope");
    assertError(cli.run("put", "nope", tmp.resolve("no-such.tsv").toString()), 1, "no such table: nope");
    assertError(cli.run("scan", "nope"), 1, "no such table: nope");
    assertError(cli.run("scan", "nope", "--rows", ","), 1, "no such table: nope");
    assertError(cli.run("info", "nope"), 1, "no such table: nope");
    assertError(cli.run("flush", "nope"), 1, "no such table: nope");
    assertError(cli.run("compact", "nope"), 1, "no such table: nope");
    assertError(cli.run("delete", "nope"), 1, "no such table: nope");
    assertError(cli.run("rename", "nope", "other"), 1, "no such table: nope");
    assertEquals("t\n", ok(cli.run("tables")));
  }

  @Test
  void createExistingTable() {
    assertError(cli.run("create", "t"), 1, "table t already exists");
    assertError(cli.run("create", "t", "--splits", "a,b"), 1, "table t already exists");
    cli.create("u");
    assertError(cli.run("rename", "u", "t"), 1, "table t already exists");
    assertEquals("t\nu\n", ok(cli.run("tables")));
    assertUnchanged();
  }

  @Test
  void invalidTableName() {
    String hint = "': use letters, digits and underscores, optionally as namespace.name";
    assertError(cli.run("create", "bad-name"), 1, "invalid table name 'bad-name" + hint);
    assertError(cli.run("create", "a.b.c"), 1, "invalid table name 'a.b.c" + hint);
    assertError(cli.run("create", ".x"), 1, "invalid table name '.x" + hint);
    assertError(cli.run("create", ""), 1, "invalid table name '" + hint);
    assertError(cli.run("create", "with space"), 1, "invalid table name 'with space" + hint);
    assertError(cli.run("create", "../escape"), 1, "invalid table name '../escape" + hint);
    assertError(cli.run("rename", "t", "new/name"), 1, "invalid table name 'new/name" + hint);
    String longest = "n".repeat(1024);
    CliRunner.ok(cli.run("create", longest)); // Accumulo's limit, reached
    assertError(cli.run("create", longest + "x"), 1,
        "invalid table name '" + "n".repeat(40) + "...': 1025 characters, at most 1024 are allowed");
    assertError(cli.run("rename", longest, "m".repeat(5000)), 1,
        "invalid table name '" + "m".repeat(40) + "...': 5000 characters, at most 1024 are allowed");
    CliRunner.ok(cli.run("delete", longest));
    assertEquals("t\n", ok(cli.run("tables")));
    assertUnchanged();
  }

  @Test
  void emptySplitPoint() {
    assertError(cli.run("create", "u", "--splits", "a,,b"), 1, "split points of table u must not be empty");
    assertEquals("t\n", ok(cli.run("tables")));
  }

  // ---------------------------------------------------------------- scan arguments

  @Test
  void badRowAndColumnSpecs() {
    assertError(cli.run("scan", "t", "--rows", "a,,b,"), 1,
        "--rows: invalid key spec \"a,,b,\": token 2 is empty (the separator is ',', the last character)");
    assertError(cli.run("scan", "t", "--rows", "c,:,a,"), 1,
        "--rows: invalid key spec \"c,:,a,\": range 'c' to 'a' is backwards: its start sorts after its end");
    // backwards in UTF-8 byte order, though not in Java's UTF-16 order
    assertError(cli.run("scan", "t", "--rows", "\uD83D\uDE00,:,\uFF5E,"), 1,
        "--rows: invalid key spec \"\uD83D\uDE00,:,\uFF5E,\": range '\uD83D\uDE00' to '\uFF5E' is backwards: "
            + "its start sorts after its end");
    assertError(cli.run("scan", "t", "--rows", ""), 1,
        "--rows: invalid key spec \"\": it is empty (use \":\" for all keys, \",\" for none)");
    assertError(cli.run("scan", "t", "--rows", "a,:,:,b,"), 1,
        "--rows: invalid key spec \"a,:,:,b,\": tokens 2 and 3 are both ':'");
    assertError(cli.run("scan", "t", "--rows", "a*,:,b,"), 1,
        "--rows: invalid key spec \"a*,:,b,\": range start 'a*' (token 1) cannot be a prefix");
    assertError(cli.run("scan", "t", "--cols", "q,,"), 1,
        "--cols: invalid key spec \"q,,\": token 2 is empty (the separator is ',', the last character)");
    assertError(cli.run("scan", "t", "--cols", "z;:;a;"), 1,
        "--cols: invalid key spec \"z;:;a;\": range 'z' to 'a' is backwards: its start sorts after its end");
    // a tab in a spec is shown escaped, keeping the message on one line
    assertError(cli.run("scan", "t", "--rows", "a\t\t"), 1,
        "--rows: invalid key spec \"a\\t\\t\": token 2 is empty (the separator is '\\t', the last character)");
  }

  @Test
  void badAuthorizations() {
    // any non-blank authorization is valid, as in Accumulo; a blank one is not
    assertError(cli.run("scan", "t", "--auths", " "), 1, "invalid authorization ' ' in --auths: it is blank");
    assertError(cli.run("scan", "t", "--auths", "A,\t,B"), 1, "invalid authorization '\t' in --auths: it is blank");
    // a line break is shown escaped, so the message stays on one line
    assertError(cli.run("scan", "t", "--auths", "A,\n,B"), 1, "invalid authorization '\\n' in --auths: it is blank");
    assertError(cli.run("setauths", "alice", "ok, "), 1,
        "invalid authorization ' ' in authorization list: it is blank");
    assertError(cli.as("alice", "scan", "t", "--auths", "ok"), 1, // nothing was granted
        "user alice is not granted authorization 'ok' (user has no authorizations)");
    // not granted: the message names it
    assertError(cli.run("scan", "t", "--auths", "SECRET"), 1,
        "user root is not granted authorization 'SECRET' (user has no authorizations)");
    cli.okRun("setauths", "root", "A,B");
    assertError(cli.run("scan", "t", "--auths", "A,SECRET"), 1,
        "user root is not granted authorization 'SECRET' (granted: A,B)");
    // non-root may not grant
    assertError(cli.as("alice", "setauths", "alice", "A"), 1, "only root may set authorizations (you are alice)");
    assertError(cli.as("alice", "setauths", "root", ""), 1, "only root may set authorizations (you are alice)");
    assertError(cli.as("alice", "scan", "t", "--auths", "A"), 1,
        "user alice is not granted authorization 'A' (user has no authorizations)");
    assertError(cli.run("--user", "", "scan", "t"), 1, "user name must not be empty");
    assertError(cli.run("setauths", "", "A"), 1, "user name must not be empty");
    assertEquals(BEFORE, cli.scan("t"));
  }

  // ---------------------------------------------------------------- the command line itself

  @Test
  void unknownCommandOrOption() {
    assertErrorStartsWith(cli.run("frobnicate"), 2, "unknown command 'frobnicate'");
    assertUsage(cli.run("scan", "t", "--bogus"), "Unknown option: '--bogus'", "scan ");
    assertUsage(cli.run("put", "t", "f", "extra"), "Unmatched argument at index 5: 'extra'", "put ");
    assertUsage(CliRunner.raw("--nope", "tables"), "Unknown option: '--nope'", "");
    assertUsage(cli.run("create", "u", "--splits"), "Missing required parameter for option '--splits' (a,b,c)",
        "create ");
    assertEquals("t\n", ok(cli.run("tables")));
  }

  /** An unknown command is named as such, even when a known command's name follows it as an argument. */
  @Test
  void unknownCommandIsNamedWhateverFollowsIt() {
    Result r = cli.run("frobnicate", "run", "x", "bfs");
    assertErrorStartsWith(r, 2, "unknown command 'frobnicate'"); // perhaps with picocli's suggestions
    assertTrue(r.err().endsWith(" (see 'tabulo --help')\n"), r.toString());
    assertUsage(cli.run("x", "scan", "t"), "unknown command 'x'", "");
    assertErrorStartsWith(cli.run("bfss", "G", "OUT"), 2, "unknown command 'bfss'; did you mean bfs");
    assertErrorStartsWith(CliRunner.raw("--user", "u", "sacn", "t"), 2, "unknown command 'sacn'; did you mean scan");
    assertErrorStartsWith(cli.run("bench", "stor"), 2, "unknown command 'bench stor'; did you mean store");
    assertUnchanged();
  }

  @Test
  void missingArguments() {
    assertUsage(cli.run(), "a command is required", "");
    assertUsage(cli.run("put", "t"), "Missing required parameter: 'FILE|-'", "put ");
    assertUsage(cli.run("put"), "Missing required parameters: 'TABLE', 'FILE|-'", "put ");
    assertUsage(cli.run("scan"), "Missing required parameter: 'TABLE'", "scan ");
    assertUsage(cli.run("create"), "Missing required parameter: 'TABLE'", "create ");
    assertUsage(cli.run("rename", "t"), "Missing required parameter: 'NEW_NAME'", "rename ");
    assertUsage(cli.run("setauths"), "Missing required parameter: 'USER'", "setauths ");
    assertUsage(cli.run("scan", "t", "--rows"), "Missing required parameter for option '--rows' (SPEC)", "scan ");
    assertUnchanged();
  }

  // ---------------------------------------------------------------- the database

  @Test
  void databaseInUse() throws Exception {
    try (FileChannel ch = FileChannel.open(cli.db().resolve("LOCK"), StandardOpenOption.WRITE);
        FileLock lock = ch.lock()) {
      CliRunner.Result scan = cli.run("scan", "t"); // readers open read-only beside the writer
      assertEquals(0, scan.code(), scan.toString());
      assertEquals("t\n", ok(cli.run("tables")));
      assertError(cli.run("put", "t", cli.file("a\tq\t1\n").toString()), 1,
          "database " + cli.db() + " is in use by another process");
    }
    assertUnchanged();
  }

  @Test
  void databaseIsAFile() throws Exception {
    Path file = Files.writeString(tmp.resolve("plain-file"), "not a database");
    assertErrorStartsWith(CliRunner.raw("--db", file.toString(), "tables"), 1, "cannot open database " + file + ": ");
  }

  /** As from Python: a mistyped --db grows no tree of folders, and a folder of other files is not taken over. */
  @Test
  void databaseFolderMustBeADatabaseOrNewOrEmpty() throws Exception {
    Path typo = tmp.resolve("typo").resolve("db");
    assertError(CliRunner.raw("--db", typo.toString(), "tables"), 1, "cannot create database " + typo + ": folder "
        + typo.getParent() + " does not exist (a new database is made only inside an existing folder)");
    assertFalse(Files.exists(typo.getParent()));
    Path notes = Files.createDirectory(tmp.resolve("notes"));
    Files.writeString(notes.resolve("todo.txt"), "keep me");
    assertError(CliRunner.raw("--db", notes.toString(), "create", "t"), 1, "cannot open database " + notes
        + ": it is not a Tabulo database (it has no CATALOG) and not empty; give the folder of a database, or a "
        + "new or empty one");
    try (var files = Files.list(notes)) {
      assertEquals(List.of(notes.resolve("todo.txt")), files.toList());
    }
  }

  /** Names given on the command line may hold line breaks; the error must still be one line. */
  @Test
  void lineBreaksInArgumentsKeepErrorsOnOneLine() {
    assertError(cli.run("create", "bad\nname"), 1,
        "invalid table name 'bad\\nname': use letters, digits and underscores, optionally as namespace.name");
    assertError(cli.run("scan", "no\r\nsuch"), 1, "no such table: no\\r\\nsuch");
    assertError(cli.run("put", "t", "/no/such\nfile"), 1, "cannot read /no/such\\nfile: no such file");
    assertError(cli.run("scan", "t", "--auths", "X\nY"), 1,
        "user root is not granted authorization 'X\\nY' (user has no authorizations)");
    assertError(cli.as("al\nice", "setauths", "x", "A"), 1, "only root may set authorizations (you are al\\nice)");
    assertUsage(cli.run("scan", "t", "--bo\ngus"), "Unknown option: '--bo\\ngus'", "scan ");
    assertUnchanged();
  }

  /** bench ops names a bad --only or --repeats before doing any work. */
  @Test
  void benchOpsRefusesAnUnknownOperationAndNoRepeats() {
    assertErrorStartsWith(cli.run("bench", "ops", "--only", "transpose,nosuch"), 1,
        "--only: no operation named 'nosuch' (known: ewise-add plus, ");
    assertError(cli.run("bench", "ops", "--repeats", "0"), 1, "--repeats: expected 1 or more, got 0");
    assertUnchanged();
  }
}
