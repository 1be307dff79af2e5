package tabulo.accumulo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.security.tokens.PasswordToken;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;
import org.apache.accumulo.core.security.SystemPermission;
import org.junit.jupiter.api.Test;

import tabulo.storage.ScanSpec;
import tabulo.storage.TableSettings;

/**
 * Tables made from spares are the tables asked for: empty, with exactly the requested iterators, listed by
 * nobody as spares; a user never takes another user's spare.
 */
class SpareTablesTest {
  private static final IteratorSetting SUMMING = new IteratorSetting(10, "sum",
      "org.apache.accumulo.core.iterators.user.SummingCombiner",
      Map.of("all", "true", "type", "STRING"));

  @Test
  void sparesBecomeTheTablesAskedForAndStayWithTheirOwner() throws Exception {
    AccumuloStore store = MiniAccumulo.store();
    AccumuloClient root = MiniAccumulo.client();
    TableSettings summing = TableSettings.defaults().iterator(SUMMING, EnumSet.allOf(IteratorScope.class));
    // the first plain create starts the spares; summing tables asked for twice get spares of their own
    store.create("spt_plain0", TableSettings.defaults());
    store.create("spt_sum0", summing);
    store.create("spt_sum1", summing);
    // other tests of this JVM may have left root spares of other kinds: wait for these two kinds' own
    Set<String> rootSpares = new HashSet<>(awaitSpares(root, TableSettings.defaults()));
    rootSpares.addAll(awaitSpares(root, summing));
    Map<String, String> ids = root.tableOperations().tableIdMap();
    Set<String> spareIds = rootSpares.stream().map(ids::get).collect(Collectors.toSet());

    store.create("spt_plain1", TableSettings.defaults());
    store.create("spt_sum2", summing);
    Map<String, String> after = root.tableOperations().tableIdMap();
    assertTrue(spareIds.contains(after.get("spt_plain1")), "a plain table was a spare");
    assertTrue(spareIds.contains(after.get("spt_sum2")), "a summing table was a spare");
    assertFalse(store.tables().stream().anyMatch(SpareTables::isSpare), "spares are not listed: " + store.tables());
    for (String t : List.of("spt_plain1", "spt_sum2")) {
      assertEquals(List.of(), store.scanAll(t, ScanSpec.all()), t + " is empty");
    }
    assertEquals(Set.of("vers"), names(store.iterators("spt_plain1", IteratorScope.scan)));
    assertEquals(Set.of("vers", "sum"), names(store.iterators("spt_sum2", IteratorScope.scan)));
    IteratorSetting sum = store.iterators("spt_sum2", IteratorScope.majc).stream()
        .filter(i -> i.getName().equals("sum")).findFirst().orElseThrow();
    assertEquals(SUMMING.getOptions(), sum.getOptions());
    assertEquals(SUMMING.getIteratorClass(), sum.getIteratorClass());
    // a summing table is summing: two writes of one cell read back as their sum
    try (var w = store.writer("spt_sum2")) {
      for (String v : List.of("2", "3")) {
        org.apache.accumulo.core.data.Mutation m = new org.apache.accumulo.core.data.Mutation("r");
        m.put("", "c", v);
        w.addMutation(m);
        w.flush();
      }
    }
    assertEquals("5", new String(store.scanAll("spt_sum2", ScanSpec.all()).get(0).getValue().get()));

    // another user's tables never come from root's spares, and root's spares stay root's
    String other = "spt_other";
    String password = MiniCluster.randomPassword();
    root.securityOperations().createLocalUser(other, new PasswordToken(password));
    root.securityOperations().grantSystemPermission(other, SystemPermission.CREATE_TABLE);
    Set<String> rootSparesNow = spares(root, SpareTables.PREFIX + hex("root"));
    try (AccumuloStore theirs = new AccumuloStore(
        MiniAccumulo.cluster().createAccumuloClient(other, new PasswordToken(password)), true)) {
      theirs.create("spt_theirs0", TableSettings.defaults());
      theirs.create("spt_theirs1", TableSettings.defaults());
    }
    Map<String, String> last = root.tableOperations().tableIdMap();
    Set<String> rootIdsNow = rootSparesNow.stream().map(ids::get).collect(Collectors.toSet());
    rootIdsNow.addAll(spareIds);
    for (String t : List.of("spt_theirs0", "spt_theirs1")) {
      assertFalse(rootIdsNow.contains(last.get(t)), t + " was made from one of root's spares");
    }
    root.securityOperations().dropLocalUser(other);
  }

  private static Set<String> names(List<IteratorSetting> its) {
    Set<String> out = new HashSet<>();
    its.forEach(i -> out.add(i.getName()));
    return out;
  }

  private static String hex(String s) {
    return java.util.HexFormat.of().formatHex(s.getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }

  private static Set<String> spares(AccumuloClient c, String prefix) {
    return c.tableOperations().list().stream().filter(t -> t.startsWith(prefix)).collect(Collectors.toSet());
  }

  /** Waits (up to a minute) until root has all its spares of the kind {@code settings} makes. */
  private static Set<String> awaitSpares(AccumuloClient root, TableSettings settings) throws InterruptedException {
    String prefix = SpareTables.PREFIX + hex("root") + "_" + SpareTables.kind(settings) + "_";
    for (int i = 0; i < 600; i++) {
      Set<String> s = spares(root, prefix);
      if (s.size() >= SpareTables.TARGET) {
        return s;
      }
      Thread.sleep(100);
    }
    throw new AssertionError("root's spares did not appear: " + spares(root, prefix));
  }
}
