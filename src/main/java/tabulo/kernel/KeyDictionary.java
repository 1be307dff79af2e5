package tabulo.kernel;

import java.util.Arrays;

/**
 * Numbers byte keys densely, the first seen 0, without an object per key: an open-addressing table of
 * (tag, number) pairs side by side in one long array, so a lookup usually touches one cache line. A key
 * of at most 7 bytes is its own tag (its bytes and its length packed in a long), so equal tags mean equal
 * keys and the key's bytes are never read; a longer key's tag is a hash, checked against the key's bytes.
 * The row-by-row kernel looks up every entry of the B rows it fetches: with a map of ByteBuffers (or of
 * any key objects) each lookup chased four or five pointers to cold memory.
 */
public final class KeyDictionary extends TagSlots {
  private static final long LONG_KEY = 0xff; // a tag's low byte: a short key's length (0..7), or this
  private byte[][] keys = new byte[16][];
  private int size;

  public KeyDictionary() {
    this(16);
  }

  /** A dictionary sized for about {@code expected} keys (it grows as needed). */
  public KeyDictionary(int expected) {
    super(expected);
  }

  private long[] batchTags = new long[0];
  private long readAhead; // what the batches' first reads summed: kept so that the reads are made

  /** The number of {@code key}, numbering it next when it is new (its bytes are kept, not copied). */
  public int add(byte[] key) {
    long tag = tag(key, 0, key.length);
    int i = probe(tag, key, 0, key.length);
    long number = slots[2 * i + 1];
    return number == 0 ? insert(i, tag, key) : (int) number - 1;
  }

  /**
   * The number of the key held in {@code buffer[0, length)}, numbering it next when it is new (then its
   * bytes are copied; a buffer reused for every key is never kept).
   */
  public int add(byte[] buffer, int length) {
    long tag = tag(buffer, 0, length);
    int i = probe(tag, buffer, 0, length);
    long number = slots[2 * i + 1];
    return number == 0 ? insert(i, tag, Arrays.copyOf(buffer, length)) : (int) number - 1;
  }

  /**
   * {@link #add(byte[], int)} for {@code count} keys held one after another in {@code flat} (key i ends at
   * {@code ends[i]}, the first starts at 0), their numbers into {@code numbers}. The keys' first slots are
   * read ahead in one pass, so that the cache misses of a large dictionary overlap instead of coming one
   * at a time, each after all the work between two lookups.
   */
  public void addAll(byte[] flat, int[] ends, int count, int[] numbers) {
    if (batchTags.length < count) {
      batchTags = new long[count];
    }
    long sum = 0;
    for (int k = 0, start = 0; k < count; start = ends[k++]) {
      long tag = tag(flat, start, ends[k] - start);
      batchTags[k] = tag;
      sum += slots[2 * slot(tag)];
    }
    readAhead += sum;
    for (int k = 0, start = 0; k < count; start = ends[k++]) {
      long tag = batchTags[k];
      int i = probe(tag, flat, start, ends[k] - start);
      long number = slots[2 * i + 1];
      numbers[k] = number == 0 ? insert(i, tag, Arrays.copyOfRange(flat, start, ends[k])) : (int) number - 1;
    }
  }

  /** The number of {@code key}, or -1 when it has none. */
  public int find(byte[] key) {
    return (int) slots[2 * probe(tag(key, 0, key.length), key, 0, key.length) + 1] - 1;
  }

  /** The slot holding the key {@code key[from, from + length)}, or the empty slot where it would go. */
  private int probe(long tag, byte[] key, int from, int length) {
    for (int i = slot(tag); ; i = (i + 1) & mask) {
      long number = slots[2 * i + 1];
      if (number == 0 || slots[2 * i] == tag && same(tag, (int) number - 1, key, from, length)) {
        return i;
      }
    }
  }

  /** The key numbered {@code number}. */
  public byte[] key(int number) {
    return keys[number];
  }

  public int size() {
    return size;
  }

  private boolean same(long tag, int number, byte[] key, int from, int length) {
    return (tag & 0xff) != LONG_KEY
        || Arrays.equals(keys[number], 0, keys[number].length, key, from, from + length);
  }

  private int insert(int i, long tag, byte[] key) {
    if (size == keys.length) {
      keys = Arrays.copyOf(keys, 2 * size);
    }
    keys[size] = key;
    fill(i, tag, ++size);
    return size - 1;
  }

  /** A short key's bytes and length; a longer key's hash with the low byte {@value #LONG_KEY}. */
  private static long tag(byte[] key, int from, int length) {
    if (length < 8) {
      long t = 0;
      for (int i = from; i < from + length; i++) {
        t = (t << 8) | (key[i] & 0xff);
      }
      return (t << 8) | length;
    }
    long h = 1;
    for (int i = from; i < from + length; i++) {
      h = 31 * h + key[i];
    }
    h ^= h >>> 29;
    return (h << 8) | LONG_KEY;
  }
}
