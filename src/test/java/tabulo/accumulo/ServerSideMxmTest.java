package tabulo.accumulo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.admin.ActiveScan;
import org.apache.accumulo.core.client.security.tokens.CredentialProviderToken;
import org.apache.accumulo.core.client.security.tokens.PasswordToken;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.apache.accumulo.core.security.SystemPermission;
import org.apache.accumulo.core.security.TablePermission;
import org.apache.accumulo.core.security.VisibilityEvaluator;
import org.apache.accumulo.core.security.VisibilityParseException;
import org.apache.accumulo.minicluster.ServerType;
import org.apache.accumulo.miniclusterImpl.MiniAccumuloClusterImpl;
import org.apache.accumulo.miniclusterImpl.ProcessReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

import tabulo.embedded.EmbeddedStore;
import tabulo.gen.Graph500;
import tabulo.gen.Graph500Table;
import tabulo.math.DecimalCodec;
import tabulo.math.Semiring;
import tabulo.math.Semirings;
import tabulo.ops.Matrices;
import tabulo.ops.Mxm;
import tabulo.ops.Session;
import tabulo.ops.mxm.MxmMaskTest;
import tabulo.ops.mxm.MxmSettings;
import tabulo.ops.mxm.MxmVectorTest;
import tabulo.ops.mxm.MxmOptions.Algorithm;
import tabulo.ops.mxm.MxmOptions;
import tabulo.ops.mxm.MxmResult;
import tabulo.select.KeySpec;
import tabulo.storage.ScanSpec;
import tabulo.storage.Store;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;
import tabulo.storage.TabuloException;

/**
 * Both multiply algorithms running as iterators inside the tablet servers of the shared
 * MiniAccumuloCluster, against the embedded engine and a brute-force oracle: every semiring, with two
 * tablet servers and then with one; exact across Accumulo's tear-down and re-seek of the kernels.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ServerSideMxmTest {
  @TempDir
  static Path dir;

  private static AccumuloStore accumulo;
  private static EmbeddedStore embedded;
  private static Map<String, Map<String, Double>> a;
  private static Map<String, Map<String, Double>> b;
  private static int runs;

  @BeforeAll
  static void setUp() {
    accumulo = MiniAccumulo.store();
    embedded = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT);
    a = Matrices.random(accumulo, new Random(5), "SSM_A", List.of("c", "k"));
    b = Matrices.random(accumulo, new Random(6), "SSM_B", List.of("dave"));
    assertEquals(a, Matrices.random(embedded, new Random(5), "SSM_A", List.of("c", "k")));
    assertEquals(b, Matrices.random(embedded, new Random(6), "SSM_B", List.of("dave")));
    // every scan batch of one entry: Accumulo tears down and re-seeks every iterator reading A and B
    for (String t : new String[] {"SSM_A", "SSM_B"}) {
      try {
        accumulo.client().tableOperations().setProperty(t, "table.scan.max.memory", "1");
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }
  }

  @AfterAll
  static void tearDown() throws Exception {
    embedded.close();
    MiniAccumuloClusterImpl cluster = MiniAccumulo.cluster();
    if (cluster.getProcesses().get(ServerType.TABLET_SERVER).size() < 2) {
      cluster.getClusterControl().start(ServerType.TABLET_SERVER); // back to two for the other tests
    }
  }

  /**
   * A multiply of tables on a session of its own with {@code unitEntries} entries of B per outer-product unit,
   * reading with {@code auths} (null: all of the user's).
   */
  private static MxmResult multiply(Store store, String a, String b, String c, MxmOptions o, MxmSettings s,
      int unitEntries, Authorizations auths) {
    try (Session session = Session.open(store).unitEntries(unitEntries)) {
      if (auths != null) {
        session.auths(auths);
      }
      return Mxm.multiply(session, a, b, c, o, s);
    }
  }

  /** C = A^T B (outer) and C = A B (row-by-row) for every semiring, on both hosts, against the oracle. */
  private static void everySemiringMatchesEmbeddedAndOracle(String label) {
    for (Semiring s : Semirings.builtIns()) {
      for (Algorithm alg : new Algorithm[] {Algorithm.OUTER, Algorithm.ROWWISE}) {
        boolean t = alg == Algorithm.OUTER;
        MxmOptions o = MxmOptions.defaults().semiring(s).algorithm(alg).transposeA(t);
        MxmSettings batches = MxmSettings.defaults().batchRows(3);
        String c = "SSM_C" + (++runs);
        MxmResult r = multiply(accumulo, "SSM_A", "SSM_B", c, o, batches, 4, null);
        multiply(embedded, "SSM_A", "SSM_B", c, o, batches, 4, null);
        Map<String, Map<String, Double>> expected = Matrices.oracle(a, b, t, s, KeySpec.all(), KeySpec.all(),
            KeySpec.all());
        String what = label + ", " + s.name() + ", " + alg;
        assertEquals(expected, Matrices.read(embedded, c), what + " (embedded)");
        assertEquals(expected, Matrices.read(accumulo, c), what + " (Accumulo)");
        assertTrue(r.resumes() > 0, what + ": kernels resumed after tear-down " + r.resumes() + " times");
        accumulo.delete(c);
      }
    }
  }

  @Test
  @Order(1)
  void everySemiringWithTwoTabletServers() {
    assertEquals(2, accumulo.client().instanceOperations().getTabletServers().size());
    everySemiringMatchesEmbeddedAndOracle("2 tablet servers");
  }

  @Test
  @Order(2)
  void eachUserGetsTheProductOfWhatItCanSee() throws Exception {
    AccumuloClient root = accumulo.client();
    // equivalent spellings ("red" and "(red)", "red&blue" and "(blue)&(red)") are one label in C
    String[] labels = {"", "red", "(red)", "blue", "red&blue", "(blue)&(red)", "red|blue"};
    Random rnd = new Random(9);
    Map<String, Map<String, String>> labelled = new TreeMap<>(); // "A|row|col" -> value, label
    for (String t : new String[] {"SSV_A", "SSV_B"}) {
      accumulo.create(t, TableSettings.defaults().splits(List.of("r3")));
      try (TableWriter w = accumulo.writer(t)) {
        for (int r = 0; r < 6; r++) {
          for (int c = 0; c < 6; c++) {
            if (rnd.nextInt(2) == 0) {
              String label = labels[rnd.nextInt(labels.length)];
              String v = Integer.toString(1 + rnd.nextInt(5));
              Mutation m = new Mutation("r" + r);
              m.put("", "r" + c, new ColumnVisibility(label), v);
              w.addMutation(m);
              labelled.computeIfAbsent(t + "|r" + r, x -> new TreeMap<>()).put("r" + c, v + "|" + label);
            }
          }
        }
      }
    }
    root.securityOperations().changeUserAuthorizations("root", new Authorizations("red", "blue"));
    // root's products, over everything: each user reads them too, one cell per row and column
    for (Algorithm alg : new Algorithm[] {Algorithm.OUTER, Algorithm.ROWWISE}) {
      multiply(accumulo, "SSV_A", "SSV_B", "SSV_C_root_" + alg, MxmOptions.defaults().algorithm(alg).transposeA(true),
          MxmSettings.defaults(), 3, null);
      // every scan batch of one entry: readers' scans are torn down and re-seeked after every cell
      root.tableOperations().setProperty("SSV_C_root_" + alg, "table.scan.max.memory", "1");
    }
    Map<String, Authorizations> users = Map.of("ssv_red", new Authorizations("red"), "ssv_both",
        new Authorizations("red", "blue"), "ssv_none", new Authorizations());
    for (Map.Entry<String, Authorizations> u : users.entrySet()) {
      String password = MiniCluster.randomPassword();
      root.securityOperations().createLocalUser(u.getKey(), new PasswordToken(password));
      root.securityOperations().changeUserAuthorizations(u.getKey(), u.getValue());
      for (SystemPermission p : new SystemPermission[] {SystemPermission.CREATE_TABLE, SystemPermission.CREATE_USER,
          SystemPermission.DROP_USER, SystemPermission.ALTER_USER}) {
        root.securityOperations().grantSystemPermission(u.getKey(), p);
      }
      for (String t : new String[] {"SSV_A", "SSV_B"}) {
        root.securityOperations().grantTablePermission(u.getKey(), t, TablePermission.READ);
        root.securityOperations().grantTablePermission(u.getKey(), t, TablePermission.GRANT);
      }
      for (Algorithm alg : new Algorithm[] {Algorithm.OUTER, Algorithm.ROWWISE}) {
        root.securityOperations().grantTablePermission(u.getKey(), "SSV_C_root_" + alg, TablePermission.READ);
      }
      Map<String, Map<String, Double>> expected = Matrices.oracle(seenBy(labelled, "SSV_A", u.getValue()),
          seenBy(labelled, "SSV_B", u.getValue()), true, Semirings.PLUS_TIMES, KeySpec.all(), KeySpec.all(),
          KeySpec.all());
      if (u.getKey().equals("ssv_red")) {
        assertFalse(expected.isEmpty());
      }
      try (AccumuloClient client = Accumulo.newClient().from(root.properties()).as(u.getKey(), password).build()) {
        AccumuloStore store = new AccumuloStore(client);
        for (Algorithm alg : new Algorithm[] {Algorithm.OUTER, Algorithm.ROWWISE}) {
          String c = "SSV_C_" + u.getKey() + "_" + alg;
          multiply(store, "SSV_A", "SSV_B", c, MxmOptions.defaults().algorithm(alg).transposeA(true),
              MxmSettings.defaults(), 3, null);
          assertEquals(expected, oneCellEach(store, c, u.getValue()), "user " + u.getKey() + ", " + alg);
          assertEquals(expected, oneCellEach(store, "SSV_C_root_" + alg, u.getValue()),
              "user " + u.getKey() + " reading root's product, " + alg);
        }
      }
    }
  }

  /**
   * What a user reads of a product, failing on a second cell for one row and column or on a label the
   * user could not read.
   */
  private static Map<String, Map<String, Double>> oneCellEach(Store store, String table, Authorizations auths)
      throws VisibilityParseException {
    VisibilityEvaluator ve = new VisibilityEvaluator(auths);
    Map<String, Map<String, Double>> seen = new TreeMap<>();
    for (Map.Entry<Key, Value> e : store.scanAll(table, ScanSpec.all())) {
      Key k = e.getKey();
      assertTrue(ve.evaluate(new ColumnVisibility(k.getColumnVisibility())), table + ": " + k);
      Double previous = seen.computeIfAbsent(k.getRow().toString(), x -> new TreeMap<>())
          .put(k.getColumnQualifier().toString(), DecimalCodec.INSTANCE.decode(e.getValue().get()));
      assertEquals(null, previous, table + ": a second cell for " + k);
    }
    return seen;
  }

  /** The cells of one table a user with {@code auths} may read. */
  private static Map<String, Map<String, Double>> seenBy(Map<String, Map<String, String>> labelled, String table,
      Authorizations auths) {
    VisibilityEvaluator ve = new VisibilityEvaluator(auths);
    Map<String, Map<String, Double>> out = new TreeMap<>();
    labelled.forEach((tr, cols) -> {
      if (!tr.startsWith(table + "|")) {
        return;
      }
      cols.forEach((col, vl) -> {
        String[] f = vl.split("\\|", 2);
        try {
          if (f[1].isEmpty() || ve.evaluate(new ColumnVisibility(f[1]))) {
            out.computeIfAbsent(tr.substring(table.length() + 1), x -> new TreeMap<>()).put(col, Double.parseDouble(f[0]));
          }
        } catch (VisibilityParseException e) {
          throw new IllegalStateException(e);
        }
      });
    });
    return out;
  }

  /**
   * {@code mult --plan} in the tablet servers, in both layouts (the single-table one: A, B and C as families
   * of one table with locality groups): the oracle's C on Accumulo and on the embedded engine, for three
   * semirings, with labels, and computed with fewer authorizations (the product of what those can read).
   */
  @Test
  @Order(3)
  void plannedRowByRowInBothLayouts() throws Exception {
    accumulo.client().securityOperations().changeUserAuthorizations("root", new Authorizations("red", "blue"));
    embedded.setAuthorizations(EmbeddedStore.ROOT, new Authorizations("red", "blue"));
    String[] labels = {"", "", "red", "blue", "red&blue"};
    Random rnd = new Random(31);
    Map<String, Map<String, String>> labelled = new TreeMap<>(); // "table|row" -> col -> "value|label"
    for (String t : new String[] {"SSP_A", "SSP_B", "SSP_P"}) {
      List<Mutation> cells = new ArrayList<>();
      for (String row : Matrices.KEYS) {
        for (String col : t.equals("SSP_P") ? new String[] {"A", "B"} : Matrices.KEYS) {
          if (rnd.nextInt(t.equals("SSP_P") ? 4 : 3) != 0) { // a plan naming about 3/4 of the keys
            continue;
          }
          String label = t.equals("SSP_P") ? "" : labels[rnd.nextInt(labels.length)];
          String v = Integer.toString(t.equals("SSP_P") ? rnd.nextInt(3) : 1 + rnd.nextInt(5));
          Mutation m = new Mutation(row);
          m.put("", col, new ColumnVisibility(label), v);
          cells.add(m);
          labelled.computeIfAbsent(t + "|" + row, x -> new TreeMap<>()).put(col, v + "|" + label);
        }
      }
      for (Store store : new Store[] {accumulo, embedded}) {
        store.create(t, TableSettings.defaults().splits(List.of("carol", "x")));
        try (TableWriter w = store.writer(t)) {
          for (Mutation m : cells) {
            w.addMutation(m);
          }
        }
      }
    }
    Authorizations both = new Authorizations("red", "blue");
    Authorizations red = new Authorizations("red");
    record Run(MxmSettings.Layout layout, Semiring semiring, Authorizations auths) {}
    List<Run> plannedRuns = new ArrayList<>();
    // the kernel's semiring code is the one every semiring test above runs: a few suffice here (CI time)
    for (Semiring s : new Semiring[] {Semirings.PLUS_TIMES, Semirings.MIN_PLUS, Semirings.MAX_MIN}) {
      plannedRuns.add(new Run(MxmSettings.Layout.SINGLE_TABLE, s, both));
    }
    plannedRuns.add(new Run(MxmSettings.Layout.SINGLE_TABLE, Semirings.PLUS_TIMES, red));
    plannedRuns.add(new Run(MxmSettings.Layout.TABLES, Semirings.PLUS_TIMES, red));
    for (Run run : plannedRuns) {
      MxmOptions o = MxmOptions.defaults().semiring(run.semiring());
      MxmSettings planned = MxmSettings.defaults().plan("SSP_P").layout(run.layout()).batchRows(3);
      String c = "SSP_C" + (++runs);
      multiply(accumulo, "SSP_A", "SSP_B", c, o, planned, Mxm.UNIT_ENTRIES, run.auths());
      multiply(embedded, "SSP_A", "SSP_B", c, o, planned, Mxm.UNIT_ENTRIES, run.auths());
      Map<String, Map<String, Double>> expected = Matrices.oracle(seenBy(labelled, "SSP_A", run.auths()),
          seenBy(labelled, "SSP_B", run.auths()), false, run.semiring(), KeySpec.all(), KeySpec.all(), KeySpec.all());
      assertFalse(expected.isEmpty());
      assertEquals(expected, Matrices.read(embedded, c), run + " (embedded)");
      assertEquals(expected, Matrices.read(accumulo, c), run + " (Accumulo)");
      accumulo.delete(c);
    }
    assertEquals(Set.of(), accumulo.tables().stream().filter(t -> t.contains("plan_")).collect(
        java.util.stream.Collectors.toSet()), "no placed copies left");
    // the groups a single-table layout asks for are Accumulo's locality groups
    accumulo.create("SSP_G", TableSettings.defaults().localityGroup("a", Set.of("A")).localityGroup("bc",
        Set.of("B", "C")));
    assertEquals(Map.of("a", Set.of(new org.apache.hadoop.io.Text("A")), "bc", Set.of(new org.apache.hadoop.io.Text("B"),
        new org.apache.hadoop.io.Text("C"))), accumulo.client().tableOperations().getLocalityGroups("SSP_G"));
  }

  @Test
  @Order(3)
  void noSecretInIteratorOptionsActiveScansOrLogs() throws Exception {
    AccumuloClient root = accumulo.client();
    Path work = dir.resolve("work");
    Path secrets = work.resolve("secrets");
    AccumuloStore store = new AccumuloStore(root).workDir(work.toString());
    Set<String> kernelPasswords = ConcurrentHashMap.newKeySet();
    StringBuilder scansSeen = new StringBuilder();
    AtomicBoolean running = new AtomicBoolean(true);
    Thread watcher = new Thread(() -> {
      while (running.get()) {
        kernelPasswords.addAll(passwordsIn(secrets));
        try {
          for (String tserver : root.instanceOperations().getTabletServers()) {
            for (ActiveScan scan : root.instanceOperations().getActiveScans(tserver)) {
              synchronized (scansSeen) {
                scansSeen.append(scan.getUser()).append(' ').append(scan.getSsiList()).append(' ')
                    .append(scan.getSsio()).append(' ').append(scan.getAuthorizations()).append('\n');
              }
            }
          }
        } catch (Exception e) {
          // a scan may end while it is listed
        }
      }
    });
    Set<String> usersBefore = root.securityOperations().listLocalUsers(); // other stores' kernel users live on
    watcher.start();
    try {
      for (Algorithm alg : new Algorithm[] {Algorithm.OUTER, Algorithm.ROWWISE}) {
        multiply(store, "SSM_A", "SSM_B", "SSS_C_" + alg, MxmOptions.defaults().algorithm(alg),
            MxmSettings.defaults().batchRows(1), 2, null);
      }
    } finally {
      running.set(false);
      watcher.join();
      store.close(); // drops the store's kernel users
    }
    String scans = scansSeen.toString();
    assertTrue(scans.contains("tabulo-kernel"), "saw the kernels in listscans: " + scans.length() + " chars");
    assertFalse(kernelPasswords.isEmpty(), "saw the kernels' credential stores while they ran");
    List<String> secretsToHide = new ArrayList<>(kernelPasswords);
    secretsToHide.add(MiniAccumulo.rootPassword());
    StringBuilder logs = new StringBuilder();
    try (Stream<Path> files = Files.list(MiniAccumulo.cluster().getConfig().getLogDir().toPath())) {
      for (Path f : (Iterable<Path>) files::iterator) {
        logs.append(Files.readString(f, StandardCharsets.ISO_8859_1));
      }
    }
    assertTrue(logs.toString().contains("multiply kernel logs in as tabulo_run_"), "the logs show the kernels");
    for (String secret : secretsToHide) {
      assertFalse(scans.contains(secret), "a secret in listscans");
      assertFalse(logs.toString().contains(secret), "a secret in the cluster's logs");
    }
    assertTrue(passwordsIn(secrets).isEmpty(), "credential stores removed when the store closed");
    for (String u : root.securityOperations().listLocalUsers()) {
      assertFalse(u.startsWith("tabulo_run_") && !usersBefore.contains(u), "kernel user " + u
          + " dropped when the store closed");
    }
  }

  /** Passwords in the credential stores now in {@code dir}, read as a tablet server would. */
  private static Set<String> passwordsIn(Path dir) {
    Set<String> out = new HashSet<>();
    try (Stream<Path> files = Files.exists(dir) ? Files.list(dir) : Stream.empty()) {
      for (Path f : (Iterable<Path>) files::iterator) {
        if (f.getFileName().toString().endsWith(".jceks")) {
          try {
            out.add(new String(new CredentialProviderToken(KernelLogin.ALIAS, "jceks://file" + f).getPassword(),
                StandardCharsets.UTF_8));
          } catch (Exception e) {
            // removed or half written while listed
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  @Test
  @Order(4)
  void killedTabletServerMidRunThenRunAgainIsExact() throws Exception {
    Graph500.Options g = Graph500.Options.ofScale(10);
    for (Store s : new Store[] {accumulo, embedded}) {
      Graph500Table.write(s, "SSK_A", g.withSeed(1), 4);
      Graph500Table.write(s, "SSK_B", g.withSeed(2), 4);
    }
    MxmOptions base = MxmOptions.defaults().algorithm(Algorithm.OUTER).transposeA(true);
    Mxm.multiply(embedded, "SSK_A", "SSK_B", "SSK_C", base);
    Map<String, String> expected = cells(embedded, "SSK_C");
    AtomicLong progress = new AtomicLong();
    MxmSettings heard = MxmSettings.defaults().progress((pp, fraction) -> progress.set(pp));
    ExecutorService runner = Executors.newSingleThreadExecutor();
    Future<MxmResult> first = runner.submit(() -> multiply(accumulo, "SSK_A", "SSK_B", "SSK_C", base, heard, 300,
        null));
    while (progress.get() == 0 && !first.isDone()) {
      Thread.sleep(20);
    }
    MiniAccumuloClusterImpl cluster = MiniAccumulo.cluster();
    ProcessReference victim = cluster.getProcesses().get(ServerType.TABLET_SERVER).iterator().next();
    victim.getProcess().toHandle().destroyForcibly(); // kill -9
    cluster.getClusterControl().killProcess(ServerType.TABLET_SERVER, victim);
    try {
      MxmResult r = first.get(5, TimeUnit.MINUTES);
      System.out.println("the run a tablet server was killed in finished, resuming " + r.resumes() + " times");
      // it may finish: then it must be exact too
      assertEquals(expected, cells(accumulo, "SSK_C"), "the run the kill interrupted");
      accumulo.delete("SSK_C");
    } catch (ExecutionException e) {
      assertTrue(e.getCause() instanceof TabuloException, "fails with a clear error: " + e.getCause());
      System.out.println("the run a tablet server was killed in failed: " + e.getCause().getMessage());
      assertFalse(accumulo.exists("SSK_C"), "a failed run leaves no product");
    } finally {
      runner.shutdownNow();
    }
    Mxm.multiply(accumulo, "SSK_A", "SSK_B", "SSK_C", base);
    assertEquals(expected, cells(accumulo, "SSK_C"), "run again after the kill");
    // a run that needed none of the killed server's tablets can end before its ZooKeeper session does
    long deadline = System.currentTimeMillis() + 120_000;
    while (accumulo.client().instanceOperations().getTabletServers().size() > 1
        && System.currentTimeMillis() < deadline) {
      Thread.sleep(500);
    }
    assertEquals(1, accumulo.client().instanceOperations().getTabletServers().size());
  }

  private static Map<String, String> cells(Store store, String table) {
    Map<String, String> out = new TreeMap<>();
    for (Map.Entry<Key, Value> e : store.scanAll(table, ScanSpec.all())) {
      out.put(e.getKey().getRow() + "|" + e.getKey().getColumnQualifier(), e.getValue().toString());
    }
    assertFalse(out.isEmpty());
    return out;
  }

  @Test
  @Order(5)
  void everySemiringWithOneTabletServer() {
    assertEquals(1, accumulo.client().instanceOperations().getTabletServers().size());
    everySemiringMatchesEmbeddedAndOracle("1 tablet server");
  }

  /**
   * Masks inside the row-by-row kernel in the tablet servers (and after the outer product), per reader,
   * with accumulation; a frontier step that reads only the rows it needs.
   */
  @Test
  @Order(6)
  void masksAndVectorsInTheTabletServers() throws Exception {
    accumulo.client().securityOperations().changeUserAuthorizations("root", new Authorizations("red", "blue"));
    MxmMaskTest.checkAll(accumulo, "SSMM_", new Random(21));
    MxmVectorTest.checkAll(accumulo, "SSMV_", new Random(22));
  }

  /** A D4M correlation through the ingested pair, B's columns fetched from TedgeT inside the tablet servers. */
  @Test
  @Order(7)
  void d4mCorrelationThroughTheIngestedPair() throws Exception {
    accumulo.client().securityOperations().changeUserAuthorizations("root", new Authorizations("red", "blue"));
    tabulo.ops.mxm.MxmStoredTransposeTest.checkAll(accumulo, dir, "SSMT_");
  }
}
