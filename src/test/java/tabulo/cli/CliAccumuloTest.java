package tabulo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tabulo.cli.CliRunner.assertError;
import static tabulo.cli.CliRunner.assertErrorStartsWith;
import static tabulo.cli.CliRunner.infoValue;
import static tabulo.cli.CliRunner.ok;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.accumulo.MiniAccumulo;
import tabulo.cli.CliRunner.Result;

/** The command line against the shared MiniAccumuloCluster through {@code --accumulo PROPS}. */
class CliAccumuloTest {
  @TempDir
  Path tmp;

  CliRunner cli;
  Path props;
  String password;
  final List<Result> results = new ArrayList<>();

  @BeforeEach
  void setUp() {
    cli = new CliRunner(tmp);
    props = MiniAccumulo.clientPropertiesFile();
    password = MiniAccumulo.rootPassword();
  }

  static String unique(String prefix) {
    return prefix + "_" + Integer.toString(new Random().nextInt(1 << 24), 36);
  }

  /** Runs {@code tabulo --accumulo PROPS ARGS...}, recording the result for the password check. */
  Result acc(String... args) {
    String[] full = new String[args.length + 2];
    full[0] = "--accumulo";
    full[1] = props.toString();
    System.arraycopy(args, 0, full, 2, args.length);
    Result r = CliRunner.raw(full);
    results.add(r);
    return r;
  }

  void assertNoPassword() {
    for (Result r : results) {
      assertFalse(r.out().contains(password), () -> "password on stdout of tabulo " + String.join(" ", r.args()));
      assertFalse(r.err().contains(password), () -> "password on stderr of tabulo " + String.join(" ", r.args()));
    }
  }

  @Test
  void putScanInfoRoundTrip() {
    String t = unique("cli_acc");
    ok(acc("create", t, "--splits", "m"));
    assertTrue(ok(acc("tables")).lines().anyMatch(t::equals));
    Path in = cli.file("b\tf:q\t2\tA\na\tq\t1\nz\tq\t3\n");
    ok(acc("put", t, in.toString()));
    assertEquals("a\tq\t1\nz\tq\t3\n", ok(acc("scan", t)));
    org.apache.accumulo.core.security.Authorizations saved = MiniAccumulo.store().authorizations("root");
    ok(acc("setauths", "root", "A"));
    assertEquals("a\tq\t1\nb\tf:q\t2\tA\nz\tq\t3\n", ok(acc("scan", t, "--vis")));
    assertEquals("b\tf:q\t2\n", ok(acc("scan", t, "--rows", "b,")));
    String info = ok(acc("info", t));
    assertEquals(2, infoValue(info, "tablets"));
    assertTrue(info.contains("split\tm\n"), info);
    assertTrue(info.contains("iterator\tscan\t20\tvers\t"), info);
    MiniAccumulo.store().setAuthorizations("root", saved);
    ok(acc("--user", "root", "compact", t));
    // put bulk-imports its cells (all or nothing); Accumulo records an imported file's entries once a
    // compaction has rewritten it
    assertEquals(3, infoValue(ok(acc("info", t)), "entries"));
    ok(acc("delete", t));
    assertFalse(ok(acc("tables")).lines().anyMatch(t::equals));
    assertNoPassword();
  }

  @Test
  void benchmarksOfTheEmbeddedEngineRefuseAccumulo() {
    assertError(acc("bench", "store"), 1, "bench store measures the embedded engine only; --accumulo applies to bench ingest, bench spgemm and bench latency");
    assertError(acc("bench", "ops"), 1, "bench ops measures the embedded engine only; --accumulo applies to bench ingest, bench spgemm and bench latency");
    assertError(acc("bench", "algorithms"), 1, "bench algorithms measures the embedded engine only; --accumulo applies to bench ingest, bench spgemm and bench latency");
    assertTrue(ok(CliRunner.raw("bench", "ingest", "--help")).replaceAll("\\s+", " ").contains("1,000,000 with --accumulo"));
    assertNoPassword();
  }

  @Test
  void passwordNeverPrintedEvenOnErrors() throws Exception {
    assertError(acc("scan", "no_such_table_here"), 1, "no such table: no_such_table_here");
    assertErrorStartsWith(acc("--user", "alice", "tables"), 1,
        "--user alice does not match auth.principal root of " + props);
    assertErrorStartsWith(acc("put", "no_such_table_here", "/no/such/file"), 1, "");
    // --help lists the option; a usage error is one line
    assertTrue(ok(CliRunner.raw("--help")).contains("--accumulo"));
    Result usage = acc("scan");
    assertEquals(2, usage.code());
    // a wrong password: the error must not show it either
    String wrong = "Wr0ng-" + password;
    List<String> lines = new ArrayList<>();
    for (String l : Files.readAllLines(props, StandardCharsets.UTF_8)) {
      lines.add(l.startsWith("auth.token=") ? "auth.token=" + wrong : l);
    }
    Path bad = tmp.resolve("bad.properties");
    Files.write(bad, lines, StandardCharsets.UTF_8);
    Result r = CliRunner.raw("--accumulo", bad.toString(), "tables");
    results.add(r);
    assertError(r, 1, "Accumulo refused the credentials of user root from " + bad + " (BAD_CREDENTIALS)");
    assertFalse(r.err().contains(wrong), r::toString);
    Result missing = CliRunner.raw("--accumulo", tmp.resolve("none.properties").toString(), "tables");
    assertError(missing, 1, "cannot read Accumulo client properties file: " + tmp.resolve("none.properties"));
    assertNoPassword();
  }
}
