package tabulo.ops.mxm;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.apache.accumulo.core.data.ColumnUpdate;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.junit.jupiter.api.Test;

import tabulo.storage.TableWriter;

class RowMutationsTest {

  /** Keeps what it is given. */
  private static final class Recording implements TableWriter {
    final List<Mutation> mutations = new ArrayList<>();

    @Override
    public void addMutation(Mutation m) {
      mutations.add(m);
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  }

  @Test
  void aLongRowGoesOutInBoundedMutationsHoldingEveryCellOnce() {
    Recording out = new Recording();
    byte[] row = "frontier".getBytes(UTF_8);
    RowMutations m = new RowMutations(row, out, 7);
    int n = 7 * 5 + 3;
    for (int i = 0; i < n; i++) {
      m.put(new byte[0], ("v" + i).getBytes(UTF_8), new ColumnVisibility(i % 2 == 0 ? "A" : ""),
          Integer.toString(i).getBytes(UTF_8));
    }
    assertEquals(n, m.finish());
    assertEquals(6, out.mutations.size()); // five full, one of the last three
    List<String> seen = new ArrayList<>();
    for (Mutation mu : out.mutations) {
      assertEquals("frontier", new String(mu.getRow(), UTF_8));
      assertTrue(mu.size() <= 7);
      for (ColumnUpdate u : mu.getUpdates()) {
        String q = new String(u.getColumnQualifier(), UTF_8);
        int i = Integer.parseInt(q.substring(1));
        assertEquals(Integer.toString(i), new String(u.getValue(), UTF_8));
        assertEquals(i % 2 == 0 ? "A" : "", new String(u.getColumnVisibility(), UTF_8));
        seen.add(q);
      }
    }
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      expected.add("v" + i);
    }
    assertEquals(expected, seen);
  }

  @Test
  void nothingPutSendsNothing() {
    Recording out = new Recording();
    assertEquals(0, new RowMutations(new byte[] {1}, out).finish());
    assertEquals(0, out.mutations.size());
  }

  @Test
  void aBoundBelowOneIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> new RowMutations(new byte[] {1}, new Recording(), 0));
  }
}
