package tabulo.accumulo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.security.tokens.PasswordToken;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;
import org.apache.accumulo.core.iterators.user.RegExFilter;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.apache.accumulo.core.security.TablePermission;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import tabulo.iterators.DecimalSumCombiner;
import tabulo.storage.ScanSpec;
import tabulo.storage.Store;
import tabulo.storage.StoreContractTest;
import tabulo.storage.TableInfo;
import tabulo.storage.TableSettings;
import tabulo.storage.TabuloException;

/** The store contract on a MiniAccumuloCluster, plus what only Accumulo has (users, metadata). */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AccumuloStoreTest extends StoreContractTest {

  @Override
  protected Store store() {
    return MiniAccumulo.store();
  }

  @AfterAll
  static void report() {
    System.err.println("[AccumuloStoreTest] MiniAccumuloCluster start-up took "
        + MiniAccumulo.startMillis() + " ms");
  }

  @Test
  void systemTablesAreHidden() {
    assertTrue(MiniAccumulo.client().tableOperations().list().contains("accumulo.metadata"));
    assertTrue(store().tables().stream().noneMatch(t -> t.startsWith("accumulo.")));
    assertTrue(store().exists("accumulo.metadata"));
  }

  @Test
  void opensFromClientPropertiesFile() {
    String t = newTable("props", TableSettings.defaults());
    try (AccumuloStore s = AccumuloStore.open(MiniAccumulo.clientPropertiesFile())) {
      assertEquals("root", s.user());
      assertTrue(s.tables().contains(t));
    }
    // the shared store's client is untouched by closing the other one
    assertTrue(store().exists(t));
    TabuloException e = assertThrows(TabuloException.class,
        () -> AccumuloStore.open(Path.of("/nonexistent/accumulo-client.properties")));
    assertTrue(e.getMessage().contains("/nonexistent/accumulo-client.properties"), e.getMessage());
  }

  @Test
  void nonRootUserCannotGrantAndSeesOnlyItsAuthorizations() throws Exception {
    AccumuloClient root = MiniAccumulo.client();
    String alice = "alice";
    String password = "pw-" + System.nanoTime();
    if (root.securityOperations().listLocalUsers().contains(alice)) {
      root.securityOperations().dropLocalUser(alice);
    }
    root.securityOperations().createLocalUser(alice, new PasswordToken(password));
    try {
      root.securityOperations().changeUserAuthorizations(alice, new Authorizations("public"));
      String t = newTable("alice", TableSettings.defaults());
      TreeMap<Key, Value> oracle = new TreeMap<>();
      Mutation m = new Mutation("r");
      for (String label : List.of("", "public", "secret", "public|secret", "public&secret")) {
        m.put("f", "q" + label, new ColumnVisibility(label), 1, "v");
        oracle.put(new Key("r", "f", "q" + label, label, 1), new Value("v"));
      }
      write(t, m);
      root.securityOperations().grantTablePermission(alice, t, TablePermission.READ);

      try (AccumuloStore s = new AccumuloStore(
          MiniAccumulo.cluster().createAccumuloClient(alice, new PasswordToken(password)), true)) {
        assertEquals(alice, s.user());
        assertEquals(new Authorizations("public"), s.authorizations(alice));

        TabuloException e = assertThrows(TabuloException.class,
            () -> s.setAuthorizations(alice, new Authorizations("public", "secret")));
        assertEquals("only root may grant authorizations", e.getMessage());

        e = assertThrows(TabuloException.class,
            () -> s.scanAll(t, ScanSpec.all().auths(new Authorizations("secret"))));
        assertEquals("user alice is not granted authorization 'secret'", e.getMessage());

        List<String> expected = show(oracle, k -> {
          String v = k.getColumnVisibility().toString();
          return v.isEmpty() || v.equals("public") || v.equals("public|secret");
        });
        assertEquals(expected, show(s.scanAll(t, ScanSpec.all())));
        assertEquals(expected,
            show(s.scanAll(t, ScanSpec.all().auths(new Authorizations("public")))));
        assertEquals(1, s.scanAll(t, ScanSpec.all().auths(Authorizations.EMPTY)).size());

        // alice may read but not write or alter the table
        TabuloException denied = assertThrows(TabuloException.class,
            () -> s.attachIterator(t, DecimalSumCombiner.allColumns(10, "sum"),
                EnumSet.of(IteratorScope.scan)));
        assertTrue(denied.getMessage().contains("user alice may not"), denied.getMessage());
      }
      // root's own grant is unaffected
      assertEquals(Authorizations.EMPTY, store().authorizations("root"));
    } finally {
      root.securityOperations().dropLocalUser(alice);
    }
    assertThrows(TabuloException.class, () -> store().authorizations(alice));
  }

  @Test
  void conflictingIteratorPriorityIsRefused() {
    String t = newTable("conflict", TableSettings.defaults());
    IteratorSetting clash = new IteratorSetting(20, "other", RegExFilter.class);
    TabuloException e = assertThrows(TabuloException.class,
        () -> store().attachIterator(t, clash, EnumSet.allOf(IteratorScope.class)));
    assertTrue(e.getMessage().contains(t), e.getMessage());
    assertThrows(TabuloException.class, () -> store().create(newTableName("conflict2"),
        TableSettings.defaults().iterator(clash)));
  }

  /** The combiner runs inside the tablet server (loaded by class name from the test classpath). */
  @Test
  void combinerRunsInTabletServerAndBadValuesFailTheScan() throws IOException {
    IteratorSetting sum = DecimalSumCombiner.allColumns(10, "sum");
    String t = newTable("tsum", TableSettings.defaults().iterator(sum));
    write(t, put("r", "f", "q", 1, "2"), put("r", "f", "q", 2, "0.5"));
    store().compact(t); // majc scope: the tablet server rewrote the file with the sum
    write(t, put("r", "f", "q", 3, "1e1"));
    assertEquals(List.of(new Key("r", "f", "q", 3) + " -> 12.5"), show(store().scanAll(t,
        ScanSpec.all())));

    write(t, put("s", "f", "q", 1, "1"), put("s", "f", "q", 2, "not-a-number"));
    TabuloException e = assertThrows(TabuloException.class,
        () -> store().scanAll(t, ScanSpec.all().range(Range.exact("s"))));
    assertTrue(e.getMessage().contains(t), e.getMessage());
    assertTrue(e.getMessage().contains("the cause is in that server's log"), e.getMessage());
    // the combiner's own message, naming row and column, is in the tablet server's log
    String expected = "DecimalSumCombiner: value 'not-a-number' at row 's' column 'f:q' is not a"
        + " decimal number";
    assertTrue(tabletServerLogsContain(expected), "tablet server log lacks: " + expected);
  }

  private static boolean tabletServerLogsContain(String text) throws IOException {
    File[] logs = MiniAccumulo.cluster().getConfig().getLogDir().listFiles();
    for (File f : logs == null ? new File[0] : logs) {
      if (f.getName().startsWith("TabletServer") && Files.readString(f.toPath()).contains(text)) {
        return true;
      }
    }
    return false;
  }

  @Test
  void infoReadsFilesFromMetadata() throws Exception {
    String t = newTable("meta", TableSettings.defaults().splits(List.of("b", "c")));
    write(t, put("a", "f", "q", 1, "x"), put("bb", "f", "q", 1, "y"), put("d", "f", "q", 1, "z"));
    store().flush(t);
    TableInfo info = store().info(t);
    assertEquals(3, info.tablets());
    assertEquals(3, info.files(), info.toString());
    assertEquals(3, info.entries());
    // bytes agree with Accumulo's own disk usage figure
    long usage =
        MiniAccumulo.client().tableOperations().getDiskUsage(Set.of(t)).get(0).getUsage();
    assertEquals(usage, info.bytes());
    Map<String, String> ids = MiniAccumulo.client().tableOperations().tableIdMap();
    assertFalse(ids.get(t).isEmpty());
  }
}
