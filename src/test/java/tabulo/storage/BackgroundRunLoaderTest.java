package tabulo.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.junit.jupiter.api.Test;

/**
 * Runs handed to the background thread reach the loader each in key order (of equal keys the last added
 * first), one run after the other, against a comparison sort of each run's cells, whether the background
 * thread sorted a run or the caller did (the first run is held up in the loader until the caller has
 * submitted the second, which it then sorts itself while it waits).
 */
class BackgroundRunLoaderTest {
  private static final String NEXT_RUN = "--next run--";

  @Test
  void runsArriveSortedWhicheverThreadSortedThem() throws Exception {
    Random rnd = new Random(11);
    List<List<String[]>> runs = new ArrayList<>();
    for (int r = 0; r < 4; r++) {
      List<String[]> cells = new ArrayList<>();
      for (int i = 0; i < 3000; i++) {
        cells.add(new String[] {"row" + rnd.nextInt(50), rnd.nextInt(3) == 0 ? "f" : "", "q" + rnd.nextInt(3),
            rnd.nextInt(4) == 0 ? "A" : "", String.format("%d.%05d", r, i)});
      }
      runs.add(cells);
    }
    CountDownLatch firstRunHeld = new CountDownLatch(1);
    List<String> appended = Collections.synchronizedList(new ArrayList<>());
    SortedLoader loader = new SortedLoader() {
      @Override
      public void append(Key key, Value value) {
        if (appended.isEmpty()) {
          try {
            firstRunHeld.await();
          } catch (InterruptedException e) {
            throw new IllegalStateException(e);
          }
        }
        appended.add(String.join("|", key.getRow().toString(), key.getColumnFamily().toString(),
            key.getColumnQualifier().toString(), key.getColumnVisibility().toString(), value.toString()));
      }

      @Override
      public void nextRun() {
        appended.add(NEXT_RUN);
      }

      @Override
      public void close() {}

      @Override
      public void abort() {}
    };
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread caller = new Thread(() -> {
      try (BackgroundRunLoader background = new BackgroundRunLoader(loader)) {
        PackedCells run = new PackedCells();
        for (List<String[]> cells : runs) {
          for (String[] c : cells) {
            run.add(b(c[0]), b(c[1]), b(c[2]), b(c[3]), b(c[4]));
          }
          run = background.submit(run);
        }
        background.finish();
      } catch (Throwable t) {
        failure.set(t);
      }
    });
    caller.start();
    // The caller waits for the first run only once it has sorted the second.
    while (caller.isAlive() && !waitingForTheRunBefore(caller)) {
      Thread.onSpinWait();
    }
    firstRunHeld.countDown();
    caller.join();
    if (failure.get() != null) {
      throw new AssertionError(failure.get());
    }
    List<String> expected = new ArrayList<>();
    for (List<String[]> cells : runs) {
      if (!expected.isEmpty()) {
        expected.add(NEXT_RUN);
      }
      cells.stream().sorted(BackgroundRunLoaderTest::keyOrderLastFirst).forEach(c -> expected.add(String.join("|", c)));
    }
    assertEquals(expected, appended);
  }

  private static boolean waitingForTheRunBefore(Thread caller) {
    return Arrays.stream(caller.getStackTrace()).anyMatch(f -> f.getMethodName().equals("awaitPending"))
        && caller.getState() == Thread.State.WAITING;
  }

  /** Byte order of (row, family, qualifier, visibility); of equal keys the one added later first. */
  private static int keyOrderLastFirst(String[] x, String[] y) {
    for (int f = 0; f < 4; f++) {
      int c = Arrays.compareUnsigned(b(x[f]), b(y[f]));
      if (c != 0) {
        return c;
      }
    }
    return Comparator.<String>reverseOrder().compare(x[4], y[4]); // values name the order of adding
  }

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
