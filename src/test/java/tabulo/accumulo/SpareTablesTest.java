package tabulo.accumulo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;

import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.security.tokens.PasswordToken;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;
import org.apache.accumulo.core.security.SystemPermission;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import tabulo.storage.ScanSpec;
import tabulo.storage.TableSettings;

/**
 * Tables made from spares are the tables asked for: empty, with exactly the requested iterators, listed by
 * nobody as spares; a user never takes another user's spare.
 */
class SpareTablesTest {
  private static final List<TableOpsClient> OPENED = new ArrayList<>();

  /** A pool's table operations client, closed after the class (as a store closes its own). */
  private static synchronized TableOpsClient tableOps(AccumuloClient client) {
    TableOpsClient c = new TableOpsClient(client);
    OPENED.add(c);
    return c;
  }

  @AfterAll
  static synchronized void closeTableOps() {
    OPENED.forEach(TableOpsClient::close);
    OPENED.clear();
  }

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

  /**
   * A spare is one taker's: of two processes (two pools of one user) claiming at once, no spare goes to both,
   * and none claimed is renamed to another's table.
   */
  @Test
  void aSpareIsClaimedByOneTakerOnly() throws Exception {
    AccumuloClient root = MiniAccumulo.client();
    TableSettings plain = TableSettings.defaults();
    try (SpareTables one = new SpareTables(tableOps(root), "root"); SpareTables two = new SpareTables(tableOps(root), "root");
        SpareTables three = new SpareTables(tableOps(root), "root")) {
      one.refill();
      awaitSpares(root, plain);
      ExecutorService pool = Executors.newFixedThreadPool(2);
      List<Future<List<String>>> runs = new ArrayList<>();
      for (SpareTables p : List.of(one, two)) {
        runs.add(pool.submit(() -> {
          List<String> got = new ArrayList<>();
          for (int i = 0; i < 6; i++) {
            String s = p.claim("spt_run", plain);
            if (s != null) {
              got.add(s);
            }
          }
          return got;
        }));
      }
      List<String> claimed = new ArrayList<>(runs.get(0).get());
      claimed.addAll(runs.get(1).get());
      pool.shutdown();
      assertTrue(claimed.size() >= SpareTables.TARGET, "spares were claimed: " + claimed);
      assertEquals(claimed.size(), new HashSet<>(claimed).size(), "no spare claimed twice: " + claimed);
      for (int i = 0; i < 3; i++) {
        three.takeAs("spt_taken" + i, plain);
      }
      Set<String> now = root.tableOperations().list();
      for (String c : claimed) {
        assertTrue(now.contains(c), c + " was claimed, so nobody renamed it away");
      }
      for (String c : claimed) {
        root.tableOperations().delete(c);
      }
    }
  }

  /**
   * A spare claimed by a run that died before recording it is deleted once that run's marker is gone (a
   * live run's stays); a claim of a spare gone is dropped; claims younger than the settling time are left.
   */
  @Test
  void theSweepDeletesOnlySparesOfRunsGone() throws Exception {
    AccumuloClient root = MiniAccumulo.client();
    TableSettings plain = TableSettings.defaults();
    try (SpareTables pool = new SpareTables(tableOps(root), "root");
        SpareClaims claims = new SpareClaims(new TableOpsClient(root), SpareTables.PREFIX + "claims_" + hex("root"))) {
      pool.refill();
      awaitSpares(root, plain);
      root.tableOperations().create("spt_live_run");
      String ofDeadRun = pool.claim("spt_dead_run", plain);
      String ofLiveRun = pool.claim("spt_live_run", plain);
      String renamed = pool.claim("spt_live_run", plain);
      root.tableOperations().rename(renamed, "spt_published");
      var claimed = claims.claimed();
      assertEquals(Set.of("spt_dead_run", "spt_live_run"), Set.of(claimed.get(ofDeadRun).getKey(),
          claimed.get(ofLiveRun).getKey()));
      Set<String> tables = root.tableOperations().list();
      claims.sweep(claimed, tables, System.currentTimeMillis()); // all young: nothing happens
      assertTrue(root.tableOperations().exists(ofDeadRun));
      assertTrue(claims.claimed().containsKey(renamed));
      claims.sweep(claims.claimed(), root.tableOperations().list(),
          System.currentTimeMillis() + SpareClaims.SETTLE_MILLIS + 1);
      assertFalse(root.tableOperations().exists(ofDeadRun), "the dead run's spare is deleted");
      assertTrue(root.tableOperations().exists(ofLiveRun), "the live run's spare stays");
      assertTrue(root.tableOperations().exists("spt_published"));
      assertEquals(Set.of(ofLiveRun), claims.claimed().keySet().stream()
          .filter(t -> t.equals(ofDeadRun) || t.equals(ofLiveRun) || t.equals(renamed)).collect(Collectors.toSet()));
      root.tableOperations().delete(ofLiveRun);
    }
  }

  /** Spares named as before claims existed (which older versions rename unclaimed) are deleted, not taken. */
  @Test
  void sparesOfTheNamingBeforeClaimsAreDeleted() throws Exception {
    AccumuloClient root = MiniAccumulo.client();
    String old = SpareTables.PREFIX + hex("root") + "_0123456789ab_00000000deadbeef";
    root.tableOperations().create(old);
    try (SpareTables pool = new SpareTables(tableOps(root), "root")) {
      pool.refill();
      for (int i = 0; i < 600 && root.tableOperations().exists(old); i++) {
        Thread.sleep(100);
      }
      assertFalse(root.tableOperations().exists(old));
    }
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
    String prefix = SpareTables.PREFIX + hex("root") + "_c_" + SpareTables.kind(settings) + "_";
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
