package tabulo.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import org.apache.accumulo.core.data.Key;
import org.junit.jupiter.api.Test;

/** A batch's sorted run against a comparison sort of the same entries by Accumulo's key order. */
class WriteBatchTest {
  private record Entry(Key key, int arrival, byte[] value) {}

  @Test
  void randomBatchesSortLikeAccumuloKeysWithLaterWritesFirst() {
    Random random = new Random(42);
    for (int round = 0; round < 200; round++) {
      int n = random.nextInt(round < 20 ? 40 : 3000);
      int rowKind = random.nextInt(3);
      boolean presorted = round % 7 == 0;
      List<Entry> entries = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        byte[] row = row(random, rowKind);
        byte[] cq = new byte[random.nextInt(3)];
        random.nextBytes(cq);
        long ts = random.nextInt(3) - 1 + (random.nextBoolean() ? Long.MAX_VALUE / 2 : 0);
        Key key = new Key(row, new byte[0], cq, new byte[0], ts, random.nextInt(10) == 0);
        entries.add(new Entry(key, i, new byte[] {(byte) i, (byte) (i >> 8)}));
      }
      Comparator<Entry> order = Comparator.<Entry, Key>comparing(Entry::key)
          .thenComparing(Comparator.comparingInt(Entry::arrival).reversed());
      if (presorted) {
        entries.sort(order);
        for (int i = 0; i < entries.size(); i++) {
          Entry e = entries.get(i);
          entries.set(i, new Entry(e.key(), i, new byte[] {(byte) i, (byte) (i >> 8)}));
        }
      }
      WriteBatch batch = new WriteBatch();
      for (Entry e : entries) {
        Key k = e.key();
        batch.add(k.getRowData().toArray(), k.getColumnFamilyData().toArray(), k.getColumnQualifierData().toArray(),
            k.getColumnVisibilityData().toArray(), k.getTimestamp(), k.isDeleted(), e.value());
      }
      List<Entry> expected = new ArrayList<>(entries);
      expected.sort(order);
      Memtable.Run run = batch.sortedRun();
      assertEquals(expected.size(), run.size());
      for (int i = 0; i < run.size(); i++) {
        Entry e = expected.get(i);
        assertEquals(e.key(), run.key(i), "round " + round + " entry " + i);
        assertEquals(e.key().isDeleted(), run.key(i).isDeleted());
        assertEquals(new org.apache.accumulo.core.data.Value(e.value()), run.value(i), "round " + round + " entry " + i);
      }
    }
  }

  /**
   * Rows that often share their first 8 bytes, are shorter than 8, end in zero bytes, or share long
   * prefixes (so that runs tying on 8 bytes are sorted by the next 8, and the next).
   */
  private static byte[] row(Random random, int kind) {
    if (kind == 2) {
      String shared = random.nextBoolean() ? "dst_host|www." : "dst_host|www.example.";
      byte[] tail = new byte[random.nextInt(3)];
      random.nextBytes(tail);
      byte[] head = shared.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
      byte[] row = java.util.Arrays.copyOf(head, head.length + tail.length);
      System.arraycopy(tail, 0, row, head.length, tail.length);
      return row;
    }
    int len = kind == 0 ? random.nextInt(10) : 8 + random.nextInt(9);
    byte[] row = new byte[len];
    for (int i = 0; i < len; i++) {
      row[i] = (byte) (i < 6 && random.nextInt(4) > 0 ? 'r' : random.nextInt(4) == 0 ? 0 : random.nextInt(256));
    }
    return row;
  }
}
