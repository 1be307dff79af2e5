package tabulo.accumulo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Random;
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

import tabulo.iterators.AcrossLabelsCombiner;
import tabulo.iterators.ColumnSpecFilter;
import tabulo.iterators.DecimalSumCombiner;
import tabulo.iterators.MonoidCombiner;
import tabulo.math.Semirings;
import tabulo.ops.Matrices;
import tabulo.ops.Mxm;
import tabulo.ops.mxm.MxmOptions.Algorithm;
import tabulo.ops.mxm.MxmOptions;
import tabulo.select.KeySpec;
import tabulo.storage.ScanSpec;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;

/**
 * Tablet servers whose classpath is Accumulo's jars (and their libraries) only, no Tabulo classes and no
 * picocli, run Tabulo's iterators from {@code tabulo-server.jar} alone once tables use it as a class
 * loader context, as docs/accumulo.md's "Deploying to an Accumulo cluster" describes: the system property
 * {@code general.vfs.context.classpath.tabulo} names the jar, and {@code table.class.loader.context=tabulo}
 * is set on the default namespace, so tables created afterwards (as Tabulo's kernels create them) use
 * it. Checked: a combiner at scan and major compaction, a column filter at scan. Its own
 * MiniAccumuloCluster (about 10 s), started with {@code MiniAccumuloConfigImpl.setClasspathItems}.
 */
class ServerJarOnTabletServerTest {
  private static final String SKVI = SortedKeyValueIterator.class.getName();
  private static final String CONTEXT = "tabulo";
  /** Where tables without a namespace in their name live, Tabulo's among them. */
  private static final String DEFAULT_NAMESPACE = "";

  @TempDir
  Path tmp;

  @Test
  void tabletServerRunsTabulosIteratorsFromTheServerJarAlone() throws Exception {
    List<String> accumuloOnly = new ArrayList<>();
    for (Path jar : ServerJarTest.serverLibraries()) {
      accumuloOnly.add(jar.toAbsolutePath().toString());
    }
    // the test's Hadoop settings (core-site.xml: the raw local file system), as every other process here has
    Path conf = Files.createDirectories(tmp.resolve("conf"));
    try (var in = ServerJarOnTabletServerTest.class.getResourceAsStream("/core-site.xml")) {
      Files.copy(in, conf.resolve("core-site.xml"));
    }
    accumuloOnly.add(conf.toAbsolutePath().toString());
    // MiniCluster initialises the instance through this one class (the root password on a pipe, not on a
    // command line): a directory holding only it, so that no other Tabulo class reaches the servers
    accumuloOnly.add(classAlone(InitializeWithStdinPassword.class).toAbsolutePath().toString());
    String password = MiniCluster.randomPassword();
    MiniAccumuloClusterImpl cluster = MiniCluster.create(tmp.resolve("mac"), password, 1, List.of());
    cluster.getConfig().setClasspathItems(accumuloOnly.toArray(new String[0]));
    try {
      MiniCluster.start(cluster);
      try (AccumuloClient client = cluster.createAccumuloClient("root", new PasswordToken(password))) {
        AccumuloStore store = new AccumuloStore(client);
        store.create("before", TableSettings.defaults());
        assertFalse(client.tableOperations().testClassLoad("before", DecimalSumCombiner.class.getName(), SKVI),
            "Tabulo's classes must not be on the tablet server's classpath");

        String jar = Path.of("target", "tabulo-server.jar").toAbsolutePath().toUri().toString();
        client.instanceOperations().setProperty("general.vfs.context.classpath." + CONTEXT, jar);
        client.namespaceOperations().setProperty(DEFAULT_NAMESPACE, "table.class.loader.context", CONTEXT);
        store.create("sums", TableSettings.defaults()
            .iterator(DecimalSumCombiner.allColumns(10, "sum"), EnumSet.allOf(IteratorScope.class)));
        awaitLoadable(client, "sums", DecimalSumCombiner.class); // configuration reaches servers through ZooKeeper
        for (Class<?> c : List.of(DecimalSumCombiner.class, MonoidCombiner.class, AcrossLabelsCombiner.class,
            ColumnSpecFilter.class)) {
          assertTrue(client.tableOperations().testClassLoad("sums", c.getName(), SKVI), c.getName());
        }
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

        // the multiply kernels, hosted by TabletKernelIterator, run from the jar too
        Map<String, Map<String, Double>> ma = Matrices.random(store, new Random(3), "A", List.of("d"));
        Map<String, Map<String, Double>> mb = Matrices.random(store, new Random(4), "B", List.of());
        for (Algorithm alg : new Algorithm[] {Algorithm.OUTER, Algorithm.ROWWISE}) {
          Mxm.multiply(store, "A", "B", "C" + alg, MxmOptions.defaults().algorithm(alg).transposeA(true));
          assertEquals(Matrices.oracle(ma, mb, true, Semirings.PLUS_TIMES, KeySpec.all(), KeySpec.all(), KeySpec.all()),
              Matrices.read(store, "C" + alg), alg.toString());
        }
      }
    } finally {
      cluster.stop(); // not MiniCluster.stop: that ends every cluster child of this JVM, the shared one's too
    }
  }

  private Path classAlone(Class<?> c) throws Exception {
    String file = c.getName().replace('.', '/') + ".class";
    Path target = tmp.resolve("initialize-only").resolve(file);
    Files.createDirectories(target.getParent());
    try (var in = c.getClassLoader().getResourceAsStream(file)) {
      Files.copy(in, target);
    }
    return tmp.resolve("initialize-only");
  }

  private static void awaitLoadable(AccumuloClient client, String table, Class<?> c) throws Exception {
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (!client.tableOperations().testClassLoad(table, c.getName(), SKVI) && System.nanoTime() < deadline) {
      Thread.sleep(100);
    }
  }
}
