package tabulo.kernel;

import java.util.Arrays;

/**
 * Numbers long keys densely, the first seen 0, without an object per key: {@link KeyDictionary}'s table
 * for keys that are longs already (a pair of numbers packed in one), each key its own tag.
 */
public final class LongDictionary extends TagSlots {
  private long[] keys = new long[16];
  private int size;

  public LongDictionary() {
    this(16);
  }

  /** A dictionary sized for about {@code expected} keys (it grows as needed). */
  public LongDictionary(int expected) {
    super(expected);
  }

  /** The number of {@code key}, numbering it next when it is new. */
  public int add(long key) {
    int i = probe(key);
    long number = slots[2 * i + 1];
    if (number != 0) {
      return (int) number - 1;
    }
    if (size == keys.length) {
      keys = Arrays.copyOf(keys, 2 * size);
    }
    keys[size] = key;
    fill(i, key, ++size);
    return size - 1;
  }

  /** The number of {@code key}, or -1 when it has none. */
  public int find(long key) {
    return (int) slots[2 * probe(key) + 1] - 1;
  }

  /** The key numbered {@code number}. */
  public long key(int number) {
    return keys[number];
  }

  public int size() {
    return size;
  }

  /** The slot holding {@code key}, or the empty slot where it would go. */
  private int probe(long key) {
    for (int i = slot(key); ; i = (i + 1) & mask) {
      long number = slots[2 * i + 1];
      if (number == 0 || slots[2 * i] == key) {
        return i;
      }
    }
  }
}
