package tabulo.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

import org.apache.accumulo.core.data.Mutation;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;
import tabulo.transfer.TableTransfer;

/**
 * Locality groups survive {@code export}/{@code import} and hold in compressed files: a table with groups
 * is exported and imported (into a second database with the same file codec); the copy has the same groups,
 * the same cells, and a scan of one small family loads (bytes of blocks, counted by {@link WholeBlockReads})
 * none of the big family's blocks, while the same scan of a copy without groups loads them all. Run for
 * uncompressed and gz-compressed files, whose writers differ.
 */
class LocalityGroupsTransferTest {
  @TempDir
  Path dir;

  private static final int ROWS = 2000;
  private static final int BIG = 1000; // bytes of each A value: what a scan of B must not read

  @ParameterizedTest
  @ValueSource(strings = {"none", "gz"})
  void groupsSurviveExportImportAndCompression(String codec) {
    EngineOptions options = EngineOptions.defaults().compression(codec);
    Random random = new Random(7); // A's values are random letters: gz cannot shrink them below what is counted
    List<String> a = new ArrayList<>();
    List<String> b = new ArrayList<>();
    Path exportGrouped = dir.resolve("export-grouped");
    Path exportPlain = dir.resolve("export-plain");
    try (EmbeddedStore store = EmbeddedStore.open(dir.resolve("db1"), EmbeddedStore.ROOT, options)) {
      store.create("grouped", TableSettings.defaults().splits(List.of("r01000"))
          .localityGroup("ga", Set.of("A")).localityGroup("gb", Set.of("B", "b2")));
      store.create("plain", TableSettings.defaults().splits(List.of("r01000")));
      for (int i = 0; i < ROWS; i++) {
        String r = String.format("r%05d", i);
        StringBuilder v = new StringBuilder();
        for (int j = 0; j < BIG; j++) {
          v.append((char) ('a' + random.nextInt(26)));
        }
        a.add(r + "|A|x|" + v);
        b.add(r + "|B|y|b" + i);
      }
      for (String t : List.of("grouped", "plain")) {
        try (TableWriter w = store.writer(t)) {
          for (int i = 0; i < ROWS; i++) {
            Mutation m = new Mutation(String.format("r%05d", i));
            m.put("A", "x", a.get(i).substring(a.get(i).lastIndexOf('|') + 1));
            m.put("B", "y", "b" + i);
            w.addMutation(m);
          }
        }
        store.flush(t);
      }
      check(store, "grouped", "plain", a, b); // the files the engine wrote, in this codec
      store.compact("grouped");
      store.compact("plain");
      check(store, "grouped", "plain", a, b);
      TableTransfer.export(store, "grouped", exportGrouped);
      TableTransfer.export(store, "plain", exportPlain);
    }
    try (EmbeddedStore store = EmbeddedStore.open(dir.resolve("db2"), EmbeddedStore.ROOT, options)) {
      TableTransfer.importTable(store, "g2", exportGrouped);
      TableTransfer.importTable(store, "p2", exportPlain);
      assertEquals(Map.of("ga", set("A"), "gb", set("B", "b2")), store.localityGroups("g2"), "groups imported");
      assertEquals(Map.of(), store.localityGroups("p2"));
      assertEquals(List.of("r01000"), List.copyOf(store.splits("g2")));
      check(store, "g2", "p2", a, b);
    }
    try (EmbeddedStore store = EmbeddedStore.open(dir.resolve("db2"), EmbeddedStore.ROOT, options)) {
      assertEquals(Map.of("ga", set("A"), "gb", set("B", "b2")), store.localityGroups("g2"), "after reopening");
      check(store, "g2", "p2", a, b);
    }
  }

  private static SortedSet<String> set(String... s) {
    return new TreeSet<>(List.of(s));
  }

  private static void check(EmbeddedStore store, String grouped, String plain, List<String> a, List<String> b) {
    long aBytes = (long) ROWS * BIG;
    for (String t : List.of(grouped, plain)) {
      assertEquals(a, LocalityGroupsTest.scan(store, t, "A"), t + ": family A");
    }
    long withGroups = LocalityGroupsTest.bytesLoadedScanning(store, grouped, "B", b);
    long without = LocalityGroupsTest.bytesLoadedScanning(store, plain, "B", b);
    assertTrue(without >= aBytes, "without groups a scan of B reads A's blocks too: " + without + " bytes");
    assertTrue(withGroups < aBytes / 20, grouped + ": with groups a scan of B reads only B's group: " + withGroups
        + " bytes, A holds " + aBytes);
  }
}
