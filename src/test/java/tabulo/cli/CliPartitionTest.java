package tabulo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `partition` on a hand-worked product: the contiguous split's cut, volume and imbalance by hand, the plan's
 * balance (only one split of A's rows balances A and C exactly), the plan table's cells, and the printed cut
 * and volume recounted from the plan table and the entries; then the errors.
 */
class CliPartitionTest {
  @TempDir
  Path dir;

  // A: r1 -> x, y; r2 -> x; r3 -> z; r4 -> z, w (w is no row of B). nnz(A rows) 2, 1, 1, 2
  private static final String A = "r1\tx\t1\nr1\ty\t1\nr2\tx\t1\nr3\tz\t1\nr4\tz\t1\nr4\tw\t1\n";
  // B: x -> c1, c2; y -> c1; z -> c3, c4, c5. nnz(C rows): r1 2, r2 2, r3 3, r4 3
  private static final String B = "x\tc1\t1\nx\tc2\t1\ny\tc1\t1\nz\tc3\t1\nz\tc4\t1\nz\tc5\t1\n";

  private CliRunner withTables() {
    CliRunner cli = new CliRunner(dir);
    cli.create("A");
    cli.put("A", A);
    cli.create("B");
    cli.put("B", B);
    return cli;
  }

  @Test
  void byHand() {
    CliRunner cli = withTables();
    String out = CliRunner.ok(cli.run("partition", "A", "B", "P", "--parts", "2"));
    String json = out.lines().reduce((x, y) -> y).orElseThrow();
    // contiguous: keys r1 r2 r3 r4 | w x y z, so all of A in part 0 and all of B in part 1:
    // cut = 3 (r1: x, y) + 2 (r2: x) + 3 (r3: z) + 3 (r4: z) = 11; part 0 fetches x, y, z once = 6
    assertTrue(json.contains("\"cut_contiguous\": 11,"), json);
    assertTrue(json.contains("\"volume_contiguous\": 6,"), json);
    assertTrue(json.contains("\"imbalance_contiguous\": [1.000000, 1.000000, 1.000000]"), json);
    // A (2,1,1,2) and C (2,2,3,3) both split 3/3 and 5/5 only as {r1, r3} | {r2, r4}; B (2,1,3) as {x, y} | {z}
    assertTrue(json.contains("\"imbalance\": [0.000000, 0.000000, 0.000000]"), json);
    assertTrue(json.contains("\"balanced\": true"), json);
    assertTrue(json.startsWith("{\"parts\": 2,"), json);

    Map<String, Integer> partA = new TreeMap<>();
    Map<String, Integer> partB = new TreeMap<>();
    for (String line : cli.scan("P").split("\n")) {
      String[] f = line.split("\t");
      (f[1].equals("A") ? partA : partB).put(f[0], Integer.parseInt(f[2]));
    }
    assertEquals(Set.of("r1", "r2", "r3", "r4"), partA.keySet());
    assertEquals(Set.of("w", "x", "y", "z"), partB.keySet()); // w: a column of A without a row in B
    assertEquals(partA.get("r1"), partA.get("r3"));
    assertEquals(partA.get("r2"), partA.get("r4"));
    assertFalse(partA.get("r1").equals(partA.get("r2")));
    assertEquals(partB.get("x"), partB.get("y"));
    assertFalse(partB.get("x").equals(partB.get("z")));

    // recount the cut and the volume (one batch per part) from the plan table and the entries
    Map<String, Integer> nnzB = Map.of("x", 2, "y", 1, "z", 3);
    long cut = 0;
    Map<Integer, Set<String>> needs = new HashMap<>();
    for (String line : A.split("\n")) {
      String[] f = line.split("\t");
      int k = partA.get(f[0]);
      if (k != partB.get(f[1])) {
        cut += nnzB.getOrDefault(f[1], 0);
      }
      needs.computeIfAbsent(k, x -> new HashSet<>()).add(f[1]);
    }
    long volume = 0;
    for (Map.Entry<Integer, Set<String>> e : needs.entrySet()) {
      for (String j : e.getValue()) {
        if (partB.get(j) != e.getKey().intValue()) {
          volume += nnzB.getOrDefault(j, 0);
        }
      }
    }
    assertEquals(cut, number(json, "cut"));
    assertEquals(volume, number(json, "volume"));
  }

  @Test
  void onePartIsEverything() {
    CliRunner cli = withTables();
    String json = CliRunner.ok(cli.run("partition", "A", "B", "P", "--parts", "1")).lines().reduce((x, y) -> y)
        .orElseThrow();
    assertEquals(0, number(json, "cut"));
    assertEquals(0, number(json, "volume"));
    assertEquals(0, number(json, "volume_contiguous"));
  }

  /** K above the rows of A: each part beyond a row of A would do nothing, so K is capped, and says so. */
  @Test
  void morePartsThanRowsOfAAreCapped() {
    CliRunner cli = withTables();
    CliRunner.Result r = cli.run("partition", "A", "B", "P", "--parts", "100000");
    String json = CliRunner.ok(r).lines().reduce((x, y) -> y).orElseThrow();
    assertTrue(r.err().contains("partition: --parts 100000 is more than the 4 rows of A: partitioning into 4 parts"),
        r.err());
    assertTrue(json.startsWith("{\"parts\": 4,"), json);
    for (String line : cli.scan("P").split("\n")) {
      int k = Integer.parseInt(line.split("\t")[2]);
      assertTrue(k >= 0 && k < 4, line);
    }
  }

  /** Cells the user may not read are not in the model: a labelled row of A and a labelled B row are left out. */
  @Test
  void onlyReadableCells() {
    CliRunner cli = withTables();
    cli.put("A", "r9\tx\t1\tsecret\n");
    cli.put("B", "v\tc9\t1\tsecret\n");
    CliRunner.ok(cli.run("partition", "A", "B", "P", "--parts", "2"));
    assertFalse(cli.scan("P").contains("r9"));
    assertFalse(cli.scan("P").contains("v\t"));
    cli.okRun("setauths", "root", "secret");
    CliRunner.ok(cli.run("partition", "A", "B", "Q", "--parts", "2"));
    assertTrue(cli.scan("Q").contains("r9\tA\t"));
    assertTrue(cli.scan("Q").contains("v\tB\t"));
  }

  @Test
  void errors() {
    CliRunner cli = withTables();
    CliRunner.assertError(cli.run("partition", "A", "B", "P", "--parts", "0"), 1, "--parts must be at least 1, got 0");
    CliRunner.assertError(cli.run("partition", "A", "B", "P", "--parts", "2", "--imbalance", "0"), 1,
        "--imbalance must be a number above 0, got 0.0");
    CliRunner.assertError(cli.run("partition", "A", "B", "P", "--parts", "2", "--imbalance", "-0.1"), 1,
        "--imbalance must be a number above 0, got -0.1");
    CliRunner.assertError(cli.run("partition", "A", "nope", "P", "--parts", "2"), 1, "no such table: nope");
    CliRunner.assertError(cli.run("partition", "nope", "B", "P", "--parts", "2"), 1, "no such table: nope");
    assertFalse(CliRunner.ok(cli.run("tables")).contains("P"), "no plan table after an error");
    CliRunner.ok(cli.run("partition", "A", "B", "P", "--parts", "2"));
    CliRunner.assertError(cli.run("partition", "A", "B", "P", "--parts", "2"), 1,
        "table P exists: give a new table for the plan");
    assertEquals(2, cli.run("partition", "A", "B", "Q").code()); // --parts is required
  }

  private static long number(String json, String name) {
    Matcher m = Pattern.compile("\"" + name + "\": (\\d+)").matcher(json);
    assertTrue(m.find(), name + " in " + json);
    return Long.parseLong(m.group(1));
  }
}
