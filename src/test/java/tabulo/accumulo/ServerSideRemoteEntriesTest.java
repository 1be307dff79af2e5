package tabulo.accumulo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.admin.Locations;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.TabletId;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import tabulo.gen.Graph500;
import tabulo.gen.Graph500Table;
import tabulo.ops.Matrices;
import tabulo.ops.Mxm;
import tabulo.ops.mxm.MxmOptions;
import tabulo.ops.mxm.MxmOptions.Algorithm;
import tabulo.ops.mxm.MxmResult;
import tabulo.math.Semirings;
import tabulo.ops.mxm.MxmSettings;
import tabulo.partition.Assignment;
import tabulo.partition.BipartiteModel;
import tabulo.partition.Partitioner;
import tabulo.partition.PlanTable;
import tabulo.partition.SpGemmPartitioner;
import tabulo.select.KeySpec;
import tabulo.partition.PartCosts;
import tabulo.partition.StoredModel;

/**
 * Communication counted for real on the shared two-tablet-server cluster: the entries of the other factor that
 * the kernels read from tablets hosted by another tablet server than their own equal a brute-force count made
 * here from the data and the tablet locations Accumulo reports to this client.
 */
class ServerSideRemoteEntriesTest {
  private static AccumuloStore accumulo;
  private static Map<String, Map<String, Double>> a;
  private static Map<String, Map<String, Double>> b;

  @BeforeAll
  static void setUp() throws Exception {
    accumulo = MiniAccumulo.store();
    for (String t : new String[] {"SRE_A", "SRE_B"}) {
      if (accumulo.exists(t)) {
        accumulo.delete(t);
      }
    }
    Graph500Table.write(accumulo, "SRE_A", Graph500.Options.ofScale(9).withSeed(1), 4);
    Graph500Table.write(accumulo, "SRE_B", Graph500.Options.ofScale(9).withSeed(2), 4);
    a = Matrices.read(accumulo, "SRE_A");
    b = Matrices.read(accumulo, "SRE_B");
    accumulo.client().instanceOperations().waitForBalance(); // no tablet moves while the kernels run
  }

  /** Row-by-row A B, one batch per tablet of A: B entries of rows whose tablet another server hosts. */
  @Test
  void rowByRowCountsBEntriesFromOtherTabletServers() throws Exception {
    Sites where = sites();
    long expected = 0;
    long local = 0;
    for (var tablet : where.tablets("SRE_A").entrySet()) {
      Set<String> needed = new HashSet<>(); // one batch fetches each B row once
      for (var row : a.entrySet()) {
        if (where.tabletOf("SRE_A", row.getKey()).equals(tablet.getKey())) {
          needed.addAll(row.getValue().keySet());
        }
      }
      for (String j : needed) {
        if (b.containsKey(j)) {
          if (where.server("SRE_B", j).equals(tablet.getValue())) {
            local += b.get(j).size();
          } else {
            expected += b.get(j).size();
          }
        }
      }
    }
    assertTrue(expected > 0 && local > 0, "B rows both local and remote: " + local + ", " + expected);
    MxmResult r = Mxm.multiply(accumulo, "SRE_A", "SRE_B", "SRE_C1",
        MxmOptions.defaults().algorithm(Algorithm.ROWWISE), MxmSettings.defaults().batchRows(1_000_000));
    assertEquals(where, sites(), "the tablets stayed where they were");
    assertEquals("other tablet servers", r.remoteScope());
    assertEquals(expected, r.remoteEntries());
  }

  /** The outer product A^T B, driven by B's tablets: entries of A rows meeting B's, hosted elsewhere. */
  @Test
  void outerProductCountsAEntriesFromOtherTabletServers() throws Exception {
    Sites where = sites();
    long expected = 0;
    for (String k : b.keySet()) {
      if (a.containsKey(k) && !where.server("SRE_A", k).equals(where.server("SRE_B", k))) {
        expected += a.get(k).size();
      }
    }
    assertTrue(expected > 0, "some rows of A lie on the other server");
    MxmResult r = Mxm.multiply(accumulo, "SRE_A", "SRE_B", "SRE_C2",
        MxmOptions.defaults().algorithm(Algorithm.OUTER).transposeA(true));
    assertEquals(where, sites(), "the tablets stayed where they were");
    assertEquals(expected, r.remoteEntries());
  }

  /**
   * AlignedBalancer puts the t-th tablet of each table on the t-th tablet server (by port, mod 2), so A and B
   * split alike (RRp's vertex ranges) share servers range by range, and the kernels' count equals the model's
   * (one batch per part: {@link PartCosts}).
   */
  @Test
  void alignedTablesShareServersAndTheCountEqualsTheModel() throws Exception {
    AccumuloClient client = accumulo.client();
    for (String t : new String[] {"SRE_VA", "SRE_VB"}) {
      Graph500Table.writeInVertexRanges(accumulo, t,
          Graph500.Options.ofScale(9).withSeed(t.equals("SRE_VA") ? 1 : 2).withPermute(true), 4);
      client.tableOperations().setProperty(t, "table.balancer", AlignedBalancer.class.getName());
    }
    try {
      client.instanceOperations().waitForBalance();
      List<String> servers = new java.util.ArrayList<>(client.instanceOperations().getTabletServers());
      servers.sort(java.util.Comparator.comparing((String s) -> s.substring(0, s.lastIndexOf(':')))
          .thenComparingInt(s -> Integer.parseInt(s.substring(s.lastIndexOf(':') + 1))));
      assertEquals(2, servers.size());
      for (String t : new String[] {"SRE_VA", "SRE_VB"}) {
        List<String> byRange = new java.util.ArrayList<>(locate(t).values()); // in end row order
        assertEquals(List.of(servers.get(0), servers.get(1), servers.get(0), servers.get(1)), byRange, t);
      }
      BipartiteModel m = StoredModel.read(accumulo, "SRE_VA", "SRE_VB");
      List<byte[]> splits = new java.util.ArrayList<>();
      for (String k : accumulo.splits("SRE_VA")) {
        splits.add(k.getBytes(StandardCharsets.UTF_8));
      }
      assertEquals(accumulo.splits("SRE_VA"), accumulo.splits("SRE_VB"));
      long expected = 0;
      for (PartCosts.Part p : PartCosts.of(m, PartCosts.bySplits(m, splits), 2)) {
        expected += p.remoteB();
      }
      assertTrue(expected > 0);
      MxmResult r = Mxm.multiply(accumulo, "SRE_VA", "SRE_VB", "SRE_C3",
          MxmOptions.defaults().algorithm(Algorithm.ROWWISE), MxmSettings.defaults().batchRows(1_000_000));
      assertEquals(expected, r.remoteEntries());
    } finally {
      for (String t : new String[] {"SRE_VA", "SRE_VB", "SRE_C3"}) {
        if (accumulo.exists(t)) {
          accumulo.delete(t);
        }
      }
    }
  }

  /**
   * mult --plan with the kernels in the tablet servers: the C of a brute-force product, and the B entries
   * read from other tablet servers reported (where the placed copies' tablets land is Accumulo's choice here).
   */
  @Test
  void plannedMultiplyOnAccumuloIsExact() throws Exception {
    BipartiteModel m = StoredModel.read(accumulo, "SRE_A", "SRE_B");
    Assignment plan = SpGemmPartitioner.plan(m, new Partitioner.Options(4, 0.005, 1)).assignment();
    PlanTable.write(accumulo, "SRE_P", m, plan);
    long fetched = 0; // B entries the parts fetch, wherever they lie: at most these are remote
    for (PartCosts.Part p : PartCosts.of(m, plan)) {
      fetched += p.localB() + p.remoteB();
    }
    try {
      MxmResult r = Mxm.multiply(accumulo, "SRE_A", "SRE_B", "SRE_C4",
          MxmOptions.defaults().algorithm(Algorithm.ROWWISE), MxmSettings.defaults().plan("SRE_P"));
      assertEquals(Matrices.oracle(a, b, false, Semirings.PLUS_TIMES, KeySpec.all(), KeySpec.all(), KeySpec.all()),
          Matrices.read(accumulo, "SRE_C4"));
      assertEquals("other tablet servers", r.remoteScope());
      assertTrue(r.remoteEntries() >= 0 && r.remoteEntries() <= fetched, r.remoteEntries() + " of " + fetched);
    } finally {
      for (String t : new String[] {"SRE_P", "SRE_C4"}) {
        if (accumulo.exists(t)) {
          accumulo.delete(t);
        }
      }
    }
  }

  private static Sites sites() throws Exception {
    return new Sites(Map.of("SRE_A", locate("SRE_A"), "SRE_B", locate("SRE_B")));
  }

  /** A table's tablets by end row (the last tablet under the key "~last"), with their servers. */
  private static TreeMap<String, String> locate(String table) throws Exception {
    AccumuloClient client = accumulo.client();
    Locations l = client.tableOperations().locate(table, List.of(new Range()));
    TreeMap<String, String> out = new TreeMap<>();
    for (TabletId t : l.groupByTablet().keySet()) {
      Text end = t.getEndRow();
      out.put(end == null ? LAST : new String(end.copyBytes(), StandardCharsets.UTF_8), l.getTabletLocation(t));
    }
    Set<String> servers = new HashSet<>(out.values());
    assertEquals(2, servers.size(), table + "'s tablets lie on both tablet servers: " + out);
    return out;
  }

  private static final String LAST = "~last"; // sorts after every zero-padded vertex key

  /** Tablet locations of both tables: a tablet holds the rows up to its end row. */
  private record Sites(Map<String, TreeMap<String, String>> tables) {
    Map<String, String> tablets(String table) {
      return new HashMap<>(tables.get(table));
    }

    String tabletOf(String table, String row) {
      return tables.get(table).ceilingKey(row);
    }

    String server(String table, String row) {
      return tables.get(table).get(tabletOf(table, row));
    }
  }
}
