package tabulo.kernel;

/**
 * The open-addressing table under {@link KeyDictionary} and {@link LongDictionary}: (tag, number + 1) pairs
 * side by side in one long array (0: an empty slot), at most half full, so a lookup usually touches one
 * cache line. What a tag is and when a slot's tag means the same key is the dictionary's business.
 */
abstract class TagSlots {
  long[] slots; // per slot: tag, then number + 1 (0: empty)
  int mask; // slots / 2 - 1
  private int shift; // 64 - log2(slots / 2): a hash's top bits pick the slot

  TagSlots(int expected) {
    int capacity = Integer.highestOneBit(Math.max(4, expected) * 2 - 1) * 2; // at most half full
    slots = new long[2 * capacity];
    mask = capacity - 1;
    shift = 64 - Integer.numberOfTrailingZeros(capacity);
  }

  /** The first slot to probe for {@code tag}. */
  final int slot(long tag) {
    return (int) ((tag * 0x9E3779B97F4A7C15L) >>> shift); // Fibonacci hashing: the top bits mix every bit
  }

  /** Fills empty slot {@code i} with {@code tag} and the {@code count}-th number; grows when half full. */
  final void fill(int i, long tag, int count) {
    slots[2 * i] = tag;
    slots[2 * i + 1] = count;
    if (2 * count > mask + 1) {
      grow();
    }
  }

  private void grow() {
    long[] old = slots;
    slots = new long[2 * old.length];
    mask = old.length - 1;
    shift--;
    for (int i = 0; i < old.length; i += 2) {
      if (old[i + 1] != 0) {
        int j = slot(old[i]);
        while (slots[2 * j + 1] != 0) {
          j = (j + 1) & mask;
        }
        slots[2 * j] = old[i];
        slots[2 * j + 1] = old[i + 1];
      }
    }
  }
}
