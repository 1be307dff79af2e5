package tabulo.accumulo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.security.tokens.PasswordToken;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import org.apache.accumulo.miniclusterImpl.MiniAccumuloClusterImpl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.iterators.ColumnSpecFilter;
import tabulo.iterators.DecimalSumCombiner;
import tabulo.iterators.MonoidCombiner;
import tabulo.storage.ScanSpec;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;

/**
 * A tablet server whose classpath is Accumulo's jars (and their libraries) plus {@code tabulo-server.jar}
 * only (no Tabulo class directories, no picocli) runs Tabulo's iterators: a combiner at scan and major
 * compaction, and a column filter at scan. Its own MiniAccumuloCluster, started with
 * {@code MiniAccumuloConfigImpl.setClasspathItems}: about 10 s.
 */
class ServerJarOnTabletServerTest {
  private static final String SKVI = SortedKeyValueIterator.class.getName();

  @TempDir
  Path tmp;

  @Test
  void tabletServerRunsTabulosIteratorsFromTheServerJarAlone() throws Exception {
    List<String> classpath = new ArrayList<>();
    classpath.add(Path.of("target", "tabulo-server.jar").toAbsolutePath().toString());
    for (Path jar : ServerJarTest.serverLibraries()) {
      classpath.add(jar.toAbsolutePath().toString());
    }
    String password = MiniCluster.randomPassword();
    MiniAccumuloClusterImpl cluster = MiniCluster.create(tmp.resolve("mac"), password, 1, List.of());
    cluster.getConfig().setClasspathItems(classpath.toArray(new String[0]));
    try {
      MiniCluster.start(cluster);
      try (AccumuloClient client = cluster.createAccumuloClient("root", new PasswordToken(password))) {
        AccumuloStore store = new AccumuloStore(client);
        store.create("sums", TableSettings.defaults()
            .iterator(DecimalSumCombiner.allColumns(10, "sum"), EnumSet.allOf(IteratorScope.class)));
        // the tablet server loads the iterators from the jar, and not what lives only in target/classes
        for (Class<?> c : List.of(DecimalSumCombiner.class, MonoidCombiner.class, ColumnSpecFilter.class)) {
          assertTrue(client.tableOperations().testClassLoad("sums", c.getName(), SKVI), c.getName());
        }
        assertFalse(client.tableOperations().testClassLoad("sums", MiniCluster.class.getName(), Object.class.getName()),
            "target/classes must not be on the tablet server's classpath");
        try (TableWriter w = store.writer("sums")) {
          for (int i = 0; i < 3; i++) {
            Mutation m = new Mutation("r");
            m.put("", "a", "2");
            m.put("", "b", "5");
            w.addMutation(m);
          }
        }
        IteratorSetting onlyB = new IteratorSetting(1000, "cols", ColumnSpecFilter.class);
        ColumnSpecFilter.setSpec(onlyB, "b,");
        List<Map.Entry<Key, Value>> b = store.scanAll("sums", ScanSpec.all().iterator(onlyB));
        assertEquals(1, b.size());
        assertEquals("15", b.get(0).getValue().toString());
        store.compact("sums"); // the combiner at major compaction, in the tablet server
        assertEquals("6", store.scanAll("sums", ScanSpec.all()).get(0).getValue().toString());
      }
    } finally {
      cluster.stop(); // not MiniCluster.stop: that ends every cluster child of this JVM, the shared one's too
    }
  }
}
