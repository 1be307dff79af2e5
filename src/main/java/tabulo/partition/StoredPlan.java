package tabulo.partition;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;

import tabulo.storage.Scan;
import tabulo.storage.ScanSpec;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;

/**
 * A {@link PlanTable} read back, checked, as the placement {@code mult --plan} uses: the part of each key's
 * row of A (and C) and of B, and the part prefix that puts a part's rows in one key range. A key the plan
 * does not name is in part 0 (its rows of A and B, and its column of A, consistently: the product stays
 * exact, only locality is lost).
 */
public final class StoredPlan {
  private static final int MAX_PARTS = 1_000_000;

  private final Map<ByteBuffer, Integer> ofA;
  private final Map<ByteBuffer, Integer> ofB;
  private final int parts;
  private final int width;

  private StoredPlan(Map<ByteBuffer, Integer> ofA, Map<ByteBuffer, Integer> ofB, int parts) {
    this.ofA = ofA;
    this.ofB = ofB;
    this.parts = parts;
    this.width = width(parts);
  }

  /** The prefix width for K parts: the digits of K - 1. */
  public static int width(int parts) {
    return Integer.toString(Math.max(0, parts - 1)).length();
  }

  /** Reads and checks plan table {@code table}: an error names the table and the first cell that is no plan cell. */
  public static StoredPlan read(Store store, String table) {
    if (!store.exists(table)) {
      throw new TabuloException("no such plan table: " + table);
    }
    Map<ByteBuffer, Integer> ofA = new HashMap<>();
    Map<ByteBuffer, Integer> ofB = new HashMap<>();
    int max = -1;
    try (Scan s = store.scan(table, ScanSpec.all())) {
      for (Entry<Key, Value> e : s) {
        Key k = e.getKey();
        String q = k.getColumnQualifier().toString();
        boolean planColumn = k.getColumnFamilyData().length() == 0 && (q.equals(PlanTable.A) || q.equals(PlanTable.B));
        int part = planColumn ? part(e.getValue()) : -1;
        if (part < 0) {
          throw new TabuloException("table " + table + " is not a partition plan (made by 'partition'): row '"
              + k.getRow() + "' column '" + (k.getColumnFamilyData().length() == 0 ? "" : k.getColumnFamily() + ":")
              + q + "' value '" + e.getValue() + "' (expected column A or B holding a part 0.." + (MAX_PARTS - 1) + ")");
        }
        (q.equals(PlanTable.A) ? ofA : ofB).put(ByteBuffer.wrap(k.getRowData().toArray()), part);
        max = Math.max(max, part);
      }
    }
    if (max < 0) {
      throw new TabuloException("table " + table + " is not a partition plan (made by 'partition'): it is empty");
    }
    return new StoredPlan(ofA, ofB, max + 1);
  }

  private static int part(Value v) {
    String s = new String(v.get(), StandardCharsets.UTF_8);
    if (s.isEmpty() || s.length() > 6 || !s.chars().allMatch(c -> c >= '0' && c <= '9')) {
      return -1;
    }
    return Integer.parseInt(s);
  }

  /** K: one more than the largest part named. */
  public int parts() {
    return parts;
  }

  /** The length of every part prefix. */
  public int width() {
    return width;
  }

  public int partOfA(byte[] key) {
    return ofA.getOrDefault(ByteBuffer.wrap(key), 0);
  }

  public int partOfB(byte[] key) {
    return ofB.getOrDefault(ByteBuffer.wrap(key), 0);
  }

  /** Part p's prefix: p in decimal, zero-padded to {@link #width}, so prefixes sort as parts do. */
  public byte[] prefix(int part) {
    String p = Integer.toString(part);
    return ("0".repeat(width - p.length()) + p).getBytes(StandardCharsets.UTF_8);
  }

  /** The split points that make each part one tablet: the prefixes of parts 1 .. K-1. */
  public List<String> boundaries() {
    List<String> out = new ArrayList<>();
    for (int p = 1; p < parts; p++) {
      out.add(new String(prefix(p), StandardCharsets.UTF_8));
    }
    return out;
  }

  /** {@code prefix} followed by {@code key}. */
  public static byte[] join(byte[] prefix, byte[] key) {
    byte[] out = new byte[prefix.length + key.length];
    System.arraycopy(prefix, 0, out, 0, prefix.length);
    System.arraycopy(key, 0, out, prefix.length, key.length);
    return out;
  }
}
