package tabulo.accumulo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.accumulo.core.client.AccumuloClient;
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

  @Test
  void aClosedOneLeavesOperationsToTheMainClient() {
    AccumuloClient main = MiniAccumulo.client();
    TableOpsClient ops = new TableOpsClient(main);
    ops.prepare();
    ops.close();
    assertSame(main, ops.client());
  }
}
