package tabulo.accumulo;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * After each test class that used the shared MiniAccumuloCluster, deletes the tables it left (spares
 * excepted): Accumulo's client re-reads every table's name from ZooKeeper after each table operation, so
 * each table left behind would make every later test's operations slower. Registered for all test
 * classes (META-INF/services); does nothing where the cluster was not started.
 */
public final class DropTablesAfterEachClass implements AfterAllCallback {
  @Override
  public void afterAll(ExtensionContext context) throws Exception {
    AccumuloClient client = MiniAccumulo.clientIfStarted();
    if (client == null) {
      return;
    }
    List<String> left = new ArrayList<>();
    java.util.Set<String> tables = client.tableOperations().list();
    for (String t : tables) {
      if (!t.startsWith("accumulo.") && !SpareTables.isSpare(t)) {
        left.add(t);
      } else if (t.startsWith(SpareTables.PREFIX + "claims_" + java.util.HexFormat.of().formatHex(
          MiniAccumulo.client().whoami().getBytes(java.nio.charset.StandardCharsets.UTF_8)))) {
        // spares claimed as temporaries of runs left open: only a sweep minutes later would delete them
        new SpareClaims(new TableOpsClient(client), t).claimed().keySet().stream().filter(tables::contains).forEach(left::add);
      }
    }
    ExecutorService pool = Executors.newFixedThreadPool(4); // the manager runs FATE operations 4 at a time
    try {
      List<Future<?>> done = new ArrayList<>();
      for (String t : left) {
        done.add(pool.submit(() -> {
          try {
            client.tableOperations().delete(t);
          } catch (TableNotFoundException e) {
            // gone already
          }
          return null;
        }));
      }
      for (Future<?> f : done) {
        f.get();
      }
    } finally {
      pool.shutdown();
    }
  }
}
