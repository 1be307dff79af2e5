package tabulo.graphalytics;

import java.util.Arrays;

/**
 * The vertex ids of a dataset, asked whether they hold an id once for each end of every edge: one lookup
 * touches one or two cache lines, where a binary search of the sorted ids touches about twenty. Ids
 * spread over a range at most 64 times their count are bits over that range (at most 8 bytes an id),
 * others an open-addressing hash set (16 bytes an id).
 */
final class VertexSet {
  private static final int BITS_PER_ID = 64;
  private static final long EMPTY = Long.MIN_VALUE; // a hash slot holding no id (the id itself held apart)
  private final long min;
  private final long max;
  private final long[] bits; // null for a hash set
  private final long[] slots;
  private final boolean holdsEmpty;

  /** The set of {@code ids}, sorted and each once. */
  VertexSet(long[] ids) {
    int n = ids.length;
    min = n == 0 ? 0 : ids[0];
    max = n == 0 ? -1 : ids[n - 1];
    long range = n == 0 ? 0 : max - min + 1; // overflows (to a non-positive number) for the widest ranges
    if (range > 0 && range <= (long) BITS_PER_ID * Math.max(n, 1)) {
      bits = new long[(int) ((range + 63) >>> 6)];
      for (long id : ids) {
        long i = id - min;
        bits[(int) (i >>> 6)] |= 1L << i;
      }
      slots = null;
      holdsEmpty = false;
    } else {
      bits = null;
      slots = new long[Integer.highestOneBit(Math.max(n, 1)) * 4]; // at most half full
      Arrays.fill(slots, EMPTY);
      boolean empty = false;
      for (long id : ids) {
        if (id == EMPTY) {
          empty = true;
        } else {
          slots[slot(id)] = id;
        }
      }
      holdsEmpty = empty;
    }
  }

  boolean contains(long id) {
    if (bits != null) {
      if (id < min || id > max) {
        return false;
      }
      long i = id - min;
      return (bits[(int) (i >>> 6)] & (1L << i)) != 0;
    }
    if (id == EMPTY) {
      return holdsEmpty;
    }
    int mask = slots.length - 1;
    for (int s = hash(id) & mask; ; s = (s + 1) & mask) {
      long x = slots[s];
      if (x == id) {
        return true;
      }
      if (x == EMPTY) {
        return false;
      }
    }
  }

  /** The free slot for {@code id} (not yet held). */
  private int slot(long id) {
    int mask = slots.length - 1;
    int s = hash(id) & mask;
    while (slots[s] != EMPTY) {
      s = (s + 1) & mask;
    }
    return s;
  }

  private static int hash(long id) {
    long h = id * 0x9E3779B97F4A7C15L;
    return (int) (h ^ (h >>> 32));
  }
}
