package tabulo.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map.Entry;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.storage.ScanSpec;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;

/**
 * Writers, readers, flushes and compactions at once. Each writer owns a group of rows in one tablet and
 * sets all of them to k in one flushed batch; a scan is a snapshot, so it must see every row of a group
 * with the same value, and values never go back in time from one scan to the next.
 */
class ConcurrentReadWriteTest {
  private static final int ROWS = 10;
  private static final int ROUNDS = 400;

  @TempDir
  Path dir;

  @Test
  void scansSeeConsistentSnapshotsWhileWritesFlushesAndCompactionsRun() throws Exception {
    EngineOptions options = EngineOptions.defaults().memtableBytes(64 << 10).maxFilesPerTablet(3);
    try (EmbeddedStore store = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT, options)) {
      store.create("t", TableSettings.defaults().splits(List.of("m")));
      String[] groups = {"a", "n"}; // one group in each tablet
      AtomicBoolean done = new AtomicBoolean();
      ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
      AtomicLong scans = new AtomicLong();
      List<Thread> threads = new ArrayList<>();
      for (String g : groups) {
        threads.add(thread(failures, () -> {
          try (TableWriter w = store.writer("t")) {
            for (int k = 1; k <= ROUNDS; k++) {
              for (int r = 0; r < ROWS; r++) {
                Mutation m = new Mutation(g + r);
                m.put("", "v", Integer.toString(k));
                m.put("", "pad", "x".repeat(50));
                w.addMutation(m);
              }
              w.flush();
            }
          }
        }));
      }
      for (int reader = 0; reader < 2; reader++) {
        boolean unordered = reader == 1;
        threads.add(thread(failures, () -> {
          int[] last = new int[groups.length];
          while (!done.get()) {
            for (int gi = 0; gi < groups.length; gi++) {
              ScanSpec spec = ScanSpec.all().range(Range.prefix(groups[gi])).fetch("", "v");
              if (unordered) {
                spec.unordered(2);
              }
              Set<String> values = new HashSet<>();
              int rows = 0;
              for (Entry<Key, Value> e : store.scanAll("t", spec)) {
                values.add(e.getValue().toString());
                rows++;
              }
              scans.incrementAndGet();
              if (rows == 0) {
                continue; // the writer has not started yet
              }
              assertEquals(ROWS, rows, "rows of group " + groups[gi]);
              assertEquals(1, values.size(), "a scan saw a half-applied batch: " + values);
              int v = Integer.parseInt(values.iterator().next());
              assertTrue(v >= last[gi], "went back in time from " + last[gi] + " to " + v);
              last[gi] = v;
            }
          }
        }));
      }
      threads.add(thread(failures, () -> {
        for (int i = 0; !done.get(); i++) {
          if (i % 3 == 0) {
            store.compact("t");
          } else {
            store.flush("t");
          }
          Thread.sleep(20);
        }
      }));
      threads.forEach(Thread::start);
      threads.get(0).join();
      threads.get(1).join();
      done.set(true);
      for (Thread t : threads) {
        t.join();
      }
      if (!failures.isEmpty()) {
        throw new AssertionError("a thread failed", failures.peek());
      }
      assertTrue(scans.get() > 20, "only " + scans.get() + " scans ran");
      for (String g : groups) {
        for (Entry<Key, Value> e : store.scanAll("t", ScanSpec.all().range(Range.prefix(g)).fetch("", "v"))) {
          assertEquals(Integer.toString(ROUNDS), e.getValue().toString());
        }
      }
      assertTrue(store.info("t").files() > 0);
    }
  }

  interface Body {
    void run() throws Exception;
  }

  private static Thread thread(ConcurrentLinkedQueue<Throwable> failures, Body body) {
    return new Thread(() -> {
      try {
        body.run();
      } catch (Throwable t) {
        failures.add(t);
      }
    });
  }
}
