package tabulo.storage;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Sorts cells into key order by their rows, 8 bytes at a time (as unsigned longs, see {@link #prefix}),
 * then by a full comparison only among cells whose rows tie. Each 8-byte digit goes through a stable
 * least-significant-digit radix sort, a byte per pass, skipping bytes all the cells share; a large run
 * of cells whose first 8 bytes tie (rows such as D4M's {@code dst_host|...}) is sorted by the next 8
 * bytes, and so on (most-significant-digit first). Linear in the bytes that matter, where a comparison
 * sort spends most of its time on mispredicted branches and on the prefixes rows share.
 */
public final class RowPrefixSort {
  /** Orders two cells (by their ids) whose rows tie as far as the radix passes looked. */
  @FunctionalInterface
  public interface TieOrder {
    int compare(int a, int b);
  }

  /** The row of a cell, by its id. */
  public interface Rows {
    /** {@link RowPrefixSort#prefix} of the row's bytes from {@code from} on. */
    long prefix(int id, int from);

    int length(int id);

    /** The rows of cells whose ids index {@code rows}. */
    static Rows of(byte[][] rows) {
      return new Rows() {
        @Override
        public long prefix(int id, int from) {
          return RowPrefixSort.prefix(rows[id], from, rows[id].length - from);
        }

        @Override
        public int length(int id) {
          return rows[id].length;
        }
      };
    }
  }

  /** Runs at most this long are finished by comparisons rather than by another radix digit. */
  private static final int SMALL_RUN = 32;
  /** Runs at most this long are sorted by insertion. */
  private static final int INSERTION_RUN = 16;

  private static final VarHandle BIG_ENDIAN_LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  private RowPrefixSort() {}

  /** Up to 8 bytes of a row from {@code off}, zero-padded, big-endian: unsigned order is row order. */
  public static long prefix(byte[] row, int off, int len) {
    if (len >= 8) {
      return (long) BIG_ENDIAN_LONG.get(row, off); // one load, no loop (a scan takes two per merged cell)
    }
    if (len > 0 && off + 8 <= row.length) { // a short row inside a larger array: one load, the rest masked off
      return (long) BIG_ENDIAN_LONG.get(row, off) & (-1L << ((8 - len) << 3));
    }
    long p = 0;
    for (int i = 0; i < 8; i++) {
      p = (p << 8) | (i < len ? row[off + i] & 0xff : 0);
    }
    return p;
  }

  /**
   * Sorts {@code ids[0, n)} into key order, carrying along their {@code prefixes} (each
   * {@code rows.prefix(id, 0)}): by row, ties by {@code ties}. Returns early, at one comparison per cell,
   * when the cells are already in order.
   */
  public static void sort(long[] prefixes, int[] ids, int n, Rows rows, TieOrder ties) {
    if (inOrder(prefixes, ids, n, ties)) {
      return;
    }
    byPrefix(prefixes, ids, 0, n);
    resolveTies(prefixes, ids, 0, n, 0, rows, ties);
  }

  /** Orders each run of ids[lo, hi) whose digits (row bytes from {@code 8 * depth}) tie. */
  private static void resolveTies(long[] digits, int[] ids, int lo, int hi, int depth, Rows rows, TieOrder ties) {
    int next = 8 * (depth + 1);
    for (int a = lo; a < hi;) {
      int b = a + 1;
      while (b < hi && digits[b] == digits[a]) {
        b++;
      }
      if (b - a > SMALL_RUN && anyLonger(ids, a, b, next, rows)) {
        long[] deeper = new long[b - a];
        int[] run = Arrays.copyOfRange(ids, a, b);
        for (int i = 0; i < run.length; i++) {
          deeper[i] = rows.prefix(run[i], next);
        }
        byPrefix(deeper, run, 0, run.length);
        resolveTies(deeper, run, 0, run.length, depth + 1, rows, ties);
        System.arraycopy(run, 0, ids, a, run.length);
      } else if (b - a > INSERTION_RUN) {
        int[] run = Arrays.copyOfRange(ids, a, b);
        mergeSort(run.clone(), run, 0, run.length, ties);
        System.arraycopy(run, 0, ids, a, run.length);
      } else if (b - a > 1) {
        insertionSort(ids, a, b, ties); // in place: most ties are a few cells of one row, not worth two copies
      }
      a = b;
    }
  }

  private static boolean anyLonger(int[] ids, int lo, int hi, int bytes, Rows rows) {
    for (int i = lo; i < hi; i++) {
      if (rows.length(ids[i]) > bytes) {
        return true;
      }
    }
    return false;
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

  /** Sorts a[lo, hi) in place, stably. */
  private static void insertionSort(int[] a, int lo, int hi, TieOrder ties) {
    for (int i = lo + 1; i < hi; i++) {
      int id = a[i];
      int j = i - 1;
      while (j >= lo && ties.compare(a[j], id) > 0) {
        a[j + 1] = a[j];
        j--;
      }
      a[j + 1] = id;
    }
  }

  /** Sorts src[lo, hi) into dst[lo, hi); src and dst start with equal contents. */
  private static void mergeSort(int[] src, int[] dst, int lo, int hi, TieOrder ties) {
    if (hi - lo <= INSERTION_RUN) {
      insertionSort(dst, lo, hi, ties);
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

  /** Stable radix sort of {@code prefixes[lo, hi)}, carrying {@code payload} along. */
  static void byPrefix(long[] prefixes, int[] payload, int lo, int hi) {
    int n = hi - lo;
    int[][] counts = new int[8][256];
    for (int i = lo; i < hi; i++) {
      long p = prefixes[i];
      for (int d = 0; d < 8; d++) {
        counts[d][(int) (p >>> (d << 3)) & 0xff]++;
      }
    }
    long[] p = Arrays.copyOfRange(prefixes, lo, hi);
    int[] q = Arrays.copyOfRange(payload, lo, hi);
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
    System.arraycopy(p, 0, prefixes, lo, n);
    System.arraycopy(q, 0, payload, lo, n);
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
