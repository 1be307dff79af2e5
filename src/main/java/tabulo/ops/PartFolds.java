package tabulo.ops;

import java.util.Arrays;

import tabulo.math.Monoid;

/**
 * Running folds keyed by (key, label), both byte arrays compared by content, in the order first seen: a
 * reduce's parts. Open addressing over parallel arrays, so a lookup builds no key object (a column
 * reduce looks up every entry of its input).
 */
final class PartFolds {
  private final Monoid monoid;
  private int size;
  private byte[][] keys = new byte[16][];
  private byte[][] labels = new byte[16][];
  private double[] folds = new double[16];
  private int[] hashes = new int[16];
  private int[] positions = new int[16]; // where each part sits in the table, to clear only those
  private int[] table = new int[64]; // part number + 1, or 0 for a free position

  PartFolds(Monoid monoid) {
    this.monoid = monoid;
  }

  /** The number of the part of ({@code key}, {@code label}), made (at the identity) if new. */
  int part(byte[] key, byte[] label) {
    int hash = hash(key, label);
    int mask = table.length - 1;
    int at = hash & mask;
    for (int t; (t = table[at]) != 0; at = (at + 1) & mask) {
      int p = t - 1;
      if (hashes[p] == hash && Arrays.equals(keys[p], key) && Arrays.equals(labels[p], label)) {
        return p;
      }
    }
    if (size == folds.length) {
      grow();
    }
    int p = size++;
    keys[p] = key;
    labels[p] = label;
    folds[p] = monoid.identity();
    hashes[p] = hash;
    positions[p] = at;
    table[at] = p + 1;
    if (size * 2 > table.length) {
      rehash(table.length * 2);
    }
    return p;
  }

  /** Folds {@code value} into a part. */
  void add(int part, double value) {
    folds[part] = monoid.add(folds[part], value);
  }

  int size() {
    return size;
  }

  byte[] key(int part) {
    return keys[part];
  }

  byte[] label(int part) {
    return labels[part];
  }

  double fold(int part) {
    return folds[part];
  }

  /** Forgets every part (the table keeps its capacity). */
  void clear() {
    for (int p = 0; p < size; p++) {
      table[positions[p]] = 0;
      keys[p] = null;
      labels[p] = null;
    }
    size = 0;
  }

  private static int hash(byte[] key, byte[] label) {
    int h = Arrays.hashCode(key) * 31 + Arrays.hashCode(label);
    return h ^ (h >>> 16) ^ (h >>> 7);
  }

  private void grow() {
    int n = folds.length * 2;
    keys = Arrays.copyOf(keys, n);
    labels = Arrays.copyOf(labels, n);
    folds = Arrays.copyOf(folds, n);
    hashes = Arrays.copyOf(hashes, n);
    positions = Arrays.copyOf(positions, n);
  }

  private void rehash(int capacity) {
    table = new int[capacity];
    int mask = capacity - 1;
    for (int p = 0; p < size; p++) {
      int at = hashes[p] & mask;
      while (table[at] != 0) {
        at = (at + 1) & mask;
      }
      table[at] = p + 1;
      positions[p] = at;
    }
  }
}
