package tabulo.accumulo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.junit.jupiter.api.Test;

/**
 * Table operations made through the second client are seen by the main client once awaited: a create, a
 * rename (new name there, old gone) and a delete, each checked through the main client's own lookups.
 */
class TableOpsClientTest {
  @Test
  void theMainClientSeesEachTableOperationOfTheSecond() throws Exception {
    AccumuloClient main = MiniAccumulo.client();
    try (TableOpsClient ops = new TableOpsClient(main)) {
      assertSame(main, ops.client(), "the main client until the second is prepared");
      ops.prepare();
      AccumuloClient apart = ops.client();
      assertNotSame(main, apart, "a client of its own");
      assertEquals(main.whoami(), apart.whoami());
      String a = "TOC_a" + System.nanoTime();
      String b = "TOC_b" + System.nanoTime();
      assertFalse(main.tableOperations().exists(a)); // the main client has read the names before the create
      apart.tableOperations().create(a);
      assertTrue(ops.awaitSeen(a, true));
      try (var w = main.createBatchWriter(a)) { // the main client writes by the new name
        var m = new org.apache.accumulo.core.data.Mutation("r");
        m.put("", "c", "1");
        w.addMutation(m);
      }
      apart.tableOperations().rename(a, b);
      assertTrue(ops.awaitSeen(b, true));
      assertFalse(main.tableOperations().exists(a), "the old name is gone with the same notice");
      int cells = 0;
      try (var s = main.createScanner(b)) {
        for (var e : s) {
          cells++;
        }
      }
      assertEquals(1, cells, "the renamed table's cell, read by the main client");
      apart.tableOperations().delete(b);
      assertTrue(ops.awaitSeen(b, false));
    }
  }

  /**
   * A rename or delete by a name that another client (with a cache of its own) has just renamed away acts on
   * no table, never on the table now under the new name (the second client's names may lag by a notice).
   */
  @Test
  void aNameRenamedAwayByAnotherClientIsNeverDeletedOrRenamed() throws Exception {
    AccumuloClient main = MiniAccumulo.client();
    java.util.Properties p = main.properties();
    p.setProperty("instance.zookeepers.timeout", "30002ms"); // a third cache
    try (TableOpsClient ops = new TableOpsClient(main);
        AccumuloClient other = org.apache.accumulo.core.client.Accumulo.newClient().from(p)
            .as(main.whoami(), ((org.apache.accumulo.core.clientImpl.ClientContext) main).getAuthenticationToken())
            .build()) {
      ops.prepare();
      for (boolean delete : new boolean[] {true, false}) {
        String e = "TOC_e" + System.nanoTime();
        String c = "TOC_c" + System.nanoTime();
        ops.create(e, new org.apache.accumulo.core.client.admin.NewTableConfiguration());
        assertTrue(ops.client().tableOperations().exists(e), "the second client has the name cached");
        assertTrue(other.tableOperations().exists(e));
        other.tableOperations().rename(e, c);
        if (delete) {
          assertThrows(TableNotFoundException.class, () -> ops.delete(e));
        } else {
          assertThrows(TableNotFoundException.class, () -> ops.rename(e, "TOC_x" + System.nanoTime()));
        }
        assertTrue(other.tableOperations().exists(c), "the table under the new name is untouched");
        ops.delete(c);
      }
    }
  }

  @Test
  void aClosedOneLeavesOperationsToTheMainClient() {
    AccumuloClient main = MiniAccumulo.client();
    TableOpsClient ops = new TableOpsClient(main);
    ops.prepare();
    ops.close();
    assertSame(main, ops.client());
  }
}
