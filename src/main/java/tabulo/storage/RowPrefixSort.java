package tabulo.storage;

import java.util.Arrays;

/**
 * Sorts cells into key order by their rows' first 8 bytes (as an unsigned long, see {@link #prefix}),
 * then by a full comparison only among cells whose prefixes tie. The prefixes go through a stable
 * least-significant-digit radix sort, a byte per pass, skipping bytes all prefixes share: linear in the
 * cells, where a comparison sort of random keys spends most of its time on mispredicted branches.
 */
public final class RowPrefixSort {
  /** Orders two cells (by their payload ids) whose row prefixes tie. */
  @FunctionalInterface
  public interface TieOrder {
    int compare(int a, int b);
  }

  private RowPrefixSort() {}

  /** The first 8 bytes of a row, zero-padded, big-endian: unsigned order of prefixes is row order. */
  public static long prefix(byte[] row, int off, int len) {
    long p = 0;
    for (int i = 0; i < 8; i++) {
      p = (p << 8) | (i < len ? row[off + i] & 0xff : 0);
    }
    return p;
  }

  /**
   * Sorts {@code ids[0, n)} (with their {@code prefixes}) into key order: by prefix, ties by {@code ties}.
   * Returns early, at one comparison per cell, when the cells are already in order.
   */
  public static void sort(long[] prefixes, int[] ids, int n, TieOrder ties) {
    if (inOrder(prefixes, ids, n, ties)) {
      return;
    }
    byPrefix(prefixes, ids, n);
    for (int lo = 0; lo < n;) {
      int hi = lo + 1;
      while (hi < n && prefixes[hi] == prefixes[lo]) {
        hi++;
      }
      if (hi - lo > 1) {
        int[] run = Arrays.copyOfRange(ids, lo, hi);
        mergeSort(run.clone(), run, 0, hi - lo, ties);
        System.arraycopy(run, 0, ids, lo, hi - lo);
      }
      lo = hi;
    }
  }

  private static boolean inOrder(long[] p, int[] ids, int n, TieOrder ties) {
    for (int i = 1; i < n; i++) {
      int c = Long.compareUnsigned(p[i - 1], p[i]);
      if (c > 0 || (c == 0 && ties.compare(ids[i - 1], ids[i]) > 0)) {
        return false;
      }
    }
    return true;
  }

  /** Sorts src[lo, hi) into dst[lo, hi); src and dst start with equal contents. */
  private static void mergeSort(int[] src, int[] dst, int lo, int hi, TieOrder ties) {
    if (hi - lo <= 16) {
      for (int i = lo + 1; i < hi; i++) {
        int id = dst[i];
        int j = i - 1;
        while (j >= lo && ties.compare(dst[j], id) > 0) {
          dst[j + 1] = dst[j];
          j--;
        }
        dst[j + 1] = id;
      }
      return;
    }
    int mid = (lo + hi) >>> 1;
    mergeSort(dst, src, lo, mid, ties);
    mergeSort(dst, src, mid, hi, ties);
    if (ties.compare(src[mid - 1], src[mid]) <= 0) {
      System.arraycopy(src, lo, dst, lo, hi - lo);
      return;
    }
    for (int i = lo, a = lo, b = mid; i < hi; i++) {
      if (b >= hi || (a < mid && ties.compare(src[a], src[b]) <= 0)) {
        dst[i] = src[a++];
      } else {
        dst[i] = src[b++];
      }
    }
  }

  /** Stable radix sort of {@code prefixes[0, n)}, carrying {@code payload} along. */
  static void byPrefix(long[] prefixes, int[] payload, int n) {
    int[][] counts = new int[8][256];
    for (int i = 0; i < n; i++) {
      long p = prefixes[i];
      for (int d = 0; d < 8; d++) {
        counts[d][(int) (p >>> (d << 3)) & 0xff]++;
      }
    }
    long[] p = prefixes;
    int[] q = payload;
    long[] pTo = new long[n];
    int[] qTo = new int[n];
    for (int d = 0; d < 8; d++) {
      int[] c = counts[d];
      if (oneBucket(c, n)) {
        continue;
      }
      int start = 0;
      for (int b = 0; b < 256; b++) {
        int k = c[b];
        c[b] = start;
        start += k;
      }
      int shift = d << 3;
      for (int i = 0; i < n; i++) {
        long v = p[i];
        int at = c[(int) (v >>> shift) & 0xff]++;
        pTo[at] = v;
        qTo[at] = q[i];
      }
      long[] pt = p;
      p = pTo;
      pTo = pt;
      int[] qt = q;
      q = qTo;
      qTo = qt;
    }
    if (p != prefixes) {
      System.arraycopy(p, 0, prefixes, 0, n);
      System.arraycopy(q, 0, payload, 0, n);
    }
  }

  private static boolean oneBucket(int[] counts, int n) {
    for (int c : counts) {
      if (c != 0) {
        return c == n;
      }
    }
    return true;
  }
}
