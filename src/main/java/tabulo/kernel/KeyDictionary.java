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

  /** The number of {@code key}, numbering it next when it is new (its bytes are kept, not copied). */
  public int add(byte[] key) {
    long tag = tag(key, key.length);
    int i = probe(tag, key, key.length);
    long number = slots[2 * i + 1];
    return number == 0 ? insert(i, tag, key) : (int) number - 1;
  }

  /**
   * The number of the key held in {@code buffer[0, length)}, numbering it next when it is new (then its
   * bytes are copied; a buffer reused for every key is never kept).
   */
  public int add(byte[] buffer, int length) {
    long tag = tag(buffer, length);
    int i = probe(tag, buffer, length);
    long number = slots[2 * i + 1];
    return number == 0 ? insert(i, tag, Arrays.copyOf(buffer, length)) : (int) number - 1;
  }

  /** The number of {@code key}, or -1 when it has none. */
  public int find(byte[] key) {
    return (int) slots[2 * probe(tag(key, key.length), key, key.length) + 1] - 1;
  }

  /** The slot holding {@code key}, or the empty slot where it would go. */
  private int probe(long tag, byte[] key, int length) {
    for (int i = slot(tag); ; i = (i + 1) & mask) {
      long number = slots[2 * i + 1];
      if (number == 0 || slots[2 * i] == tag && same(tag, (int) number - 1, key, length)) {
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

  private boolean same(long tag, int number, byte[] key, int length) {
    return (tag & 0xff) != LONG_KEY || Arrays.equals(keys[number], 0, keys[number].length, key, 0, length);
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
  private static long tag(byte[] key, int length) {
    if (length < 8) {
      long t = 0;
      for (int i = 0; i < length; i++) {
        t = (t << 8) | (key[i] & 0xff);
      }
      return (t << 8) | length;
    }
    long h = 1;
    for (int i = 0; i < length; i++) {
      h = 31 * h + key[i];
    }
    h ^= h >>> 29;
    return (h << 8) | LONG_KEY;
  }
}
