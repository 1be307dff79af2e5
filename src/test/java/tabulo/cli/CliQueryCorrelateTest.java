package tabulo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Predicate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.embedded.EmbeddedStore;
import tabulo.storage.Store;
import tabulo.storage.TableNames;

/**
 * {@code query PREFIX --correlate SPEC1 SPEC2} (D4M's sqIn of two column types) against counts of the
 * record pairs made here from the CSV records written: for each record, each pair (its SPEC1 column, its
 * SPEC2 column) counts 1.
 */
class CliQueryCorrelateTest {
  private static final String[] HEADER = {"origin", "dest", "carrier"};

  @TempDir
  Path dir;

  /** Generated flight-like records; an empty field (no column in Tedge) now and then. */
  private static List<String[]> records(Random random, int n) {
    List<String[]> recs = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      recs.add(new String[] {random.nextInt(9) == 0 ? "" : "O" + random.nextInt(4),
          "D" + (char) ('a' + random.nextInt(7)) + (random.nextInt(5) == 0 ? " ü" : ""),
          random.nextInt(3) == 0 ? "" : "c" + random.nextInt(3)});
    }
    return recs;
  }

  private static String csv(List<String[]> recs) {
    StringBuilder b = new StringBuilder(String.join(",", HEADER)).append('\n');
    recs.forEach(r -> b.append(String.join(",", r)).append('\n'));
    return b.toString();
  }

  /** The expected TSV: per (name1|value, name2|value) pair the records holding both, sorted by UTF-8 bytes. */
  private static String brute(List<String[]> recs, Predicate<String> first, Predicate<String> second) {
    TreeMap<byte[], Integer> counts = new TreeMap<>(Arrays::compareUnsigned);
    for (String[] r : recs) {
      for (int i = 0; i < r.length; i++) {
        for (int j = 0; j < r.length; j++) {
          String a = HEADER[i] + "|" + r[i];
          String b = HEADER[j] + "|" + r[j];
          if (!r[i].isEmpty() && !r[j].isEmpty() && first.test(a) && second.test(b)) {
            counts.merge((a + "\0" + b).getBytes(StandardCharsets.UTF_8), 1, Integer::sum); // NUL sorts first
          }
        }
      }
    }
    StringBuilder out = new StringBuilder();
    for (Map.Entry<byte[], Integer> e : counts.entrySet()) {
      out.append(new String(e.getKey(), StandardCharsets.UTF_8).replace('\0', '\t')).append('\t')
          .append(e.getValue()).append('\n');
    }
    return out.toString();
  }

  private static void assertNoTemporaries(CliRunner cli) {
    try (Store store = EmbeddedStore.openReadOnly(cli.db(), EmbeddedStore.ROOT)) {
      List<String> left = store.tables().stream().filter(TableNames::isReserved).toList();
      assertEquals(List.of(), left, "the correlation's temporary is deleted");
    }
  }

  @Test
  void correlationCountsTheRecordsHoldingBothColumns() throws Exception {
    List<String[]> recs = records(new Random(5), 400);
    CliRunner cli = new CliRunner(dir);
    Path f = cli.file(csv(recs));
    CliRunner.ok(cli.run("ingest", "p", f.toString(), "--np", "2", "--format", "csv"));
    CliRunner.Result r = cli.run("query", "p", "--correlate", "origin|*,", "dest|*,");
    assertEquals(brute(recs, c -> c.startsWith("origin|"), c -> c.startsWith("dest|")), CliRunner.ok(r));
    assertTrue(r.err().contains("A^T read from pTedgeT"), r::toString); // the ingest's pair, not a copy
    assertNoTemporaries(cli);
    // a list and a range on one side, one column type with itself
    assertEquals(brute(recs, c -> c.equals("origin|O1") || c.equals("origin|O3"), c -> c.startsWith("carrier|")),
        CliRunner.ok(cli.run("query", "p", "--correlate", "origin|O1,origin|O3,", "carrier|*,")));
    assertEquals(brute(recs, c -> c.compareTo("dest|Db") >= 0 && c.compareTo("dest|Dd") <= 0, c -> c.startsWith("dest|")),
        CliRunner.ok(cli.run("query", "p", "--correlate", "dest|Db,:,dest|Dd,", "dest|*,")));
    // nothing selected: nothing printed
    assertEquals("", CliRunner.ok(cli.run("query", "p", "--correlate", "nope|*,", "dest|*,")));
    assertNoTemporaries(cli);
    assertEquals(List.of("pTedge", "pTedgeDeg", "pTedgeT", "pTedgeTxt"), CliRunner.lines(CliRunner.ok(cli.run("tables"))));
  }

  /** Labelled cells of Tedge (written by hand: no ingest pair, so Tedge^T is copied): a reader counts only its cells. */
  @Test
  void correlationCountsOnlyTheCellsTheAuthorizationsRead() throws Exception {
    List<String[]> recs = records(new Random(8), 120);
    CliRunner cli = new CliRunner(dir);
    CliRunner.ok(cli.run("setauths", "root", "A,B"));
    CliRunner.ok(cli.run("create", "pTedge"));
    StringBuilder tsv = new StringBuilder();
    List<String[]> readableWithA = new ArrayList<>();
    for (int i = 0; i < recs.size(); i++) {
      String[] r = recs.get(i);
      String label = i % 3 == 0 ? "B" : i % 3 == 1 ? "A" : ""; // a record's cells all share one label
      String id = String.format("r%04d", i);
      for (int k = 0; k < r.length; k++) {
        if (!r[k].isEmpty()) {
          tsv.append(id).append('\t').append(HEADER[k]).append('|').append(r[k]).append("\t1")
              .append(label.isEmpty() ? "" : "\t" + label).append('\n');
        }
      }
      if (!label.equals("B")) {
        readableWithA.add(r);
      }
    }
    CliRunner.ok(cli.run("put", "pTedge", cli.file(tsv.toString()).toString()));
    assertEquals(brute(recs, c -> c.startsWith("origin|"), c -> c.startsWith("dest|")),
        CliRunner.ok(cli.run("query", "p", "--correlate", "origin|*,", "dest|*,")));
    assertEquals(brute(readableWithA, c -> c.startsWith("origin|"), c -> c.startsWith("dest|")),
        CliRunner.ok(cli.run("query", "p", "--correlate", "origin|*,", "dest|*,", "--auths", "A")));
    assertNoTemporaries(cli);
  }

  @Test
  void badInputNamesWhatIsWrong() {
    CliRunner cli = new CliRunner(dir);
    CliRunner.ok(cli.run("create", "pTedge"));
    CliRunner.assertError(cli.run("query", "q", "--correlate", "a|*,", "b|*,"), 1,
        "no D4M schema q: no such table qTedge (ingest makes it)");
    CliRunner.assertErrorStartsWith(cli.run("query", "p", "--correlate", "a|*,", ""), 1, "--correlate SPEC2: invalid key spec");
    CliRunner.assertError(cli.run("query", "p", "--correlate", "a|*,", "b|*,", "--rows", "x,"), 1,
        "--correlate selects the columns of both sides itself: not with --rows");
    CliRunner.assertError(cli.run("query", "p", "--correlate", "a|*,", "b|*,", "--cols", "x,"), 1,
        "--correlate selects the columns of both sides itself: not with --cols");
    CliRunner.assertErrorStartsWith(cli.run("query", "p", "--cols", "x,", "--auths", "A"), 1, "--auths: only with --correlate");
    CliRunner.assertError(cli.run("query", "p", "--correlate", "a|*,", "b|*,", "--auths", "Z"), 1,
        "user root is not granted authorization 'Z' (user has no authorizations)");
    assertEquals(2, cli.run("query", "p", "--correlate", "a|*,").code()); // SPEC2 missing: a usage error
    CliRunner.assertError(cli.run("query", "p", "--correlate", "a|*,", "b|*,", "--correlate", "c|*,", "d|*,"), 1,
        "--correlate: give it once, with two SPECs (not 4)");
    assertNoTemporaries(cli);
  }
}
