package tabulo.d4m;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * Accumulo's key order on strings: unsigned UTF-8 bytes. That is code point order, which differs from
 * {@link String#compareTo} (UTF-16 units) only for characters outside the BMP versus U+E000..U+FFFF.
 */
public final class KeyOrder {
  private KeyOrder() {}

  public static final Comparator<String> UTF8 = KeyOrder::compare;

  public static int compare(String a, String b) {
    int n = Math.min(a.length(), b.length());
    for (int i = 0; i < n; i++) {
      char x = a.charAt(i);
      char y = b.charAt(i);
      if (x != y) {
        // Surrogates (U+D800..DFFF) encode code points above U+FFFF, so they sort after U+E000..U+FFFF.
        boolean sx = Character.isSurrogate(x);
        boolean sy = Character.isSurrogate(y);
        if (sx != sy) {
          return sx ? 1 : -1; // a surrogate starts a code point above every BMP character
        }
        return Character.compare(x, y);
      }
    }
    return Integer.compare(a.length(), b.length());
  }

  /** The distinct keys, sorted. */
  public static String[] sortedUnique(Collection<String> keys) {
    String[] a = keys.toArray(new String[0]);
    Arrays.sort(a, UTF8);
    int n = 0;
    for (int i = 0; i < a.length; i++) {
      if (n == 0 || !a[n - 1].equals(a[i])) {
        a[n++] = a[i];
      }
    }
    return Arrays.copyOf(a, n);
  }

  /** The sorted union of two sorted, duplicate-free arrays. */
  static String[] union(String[] a, String[] b) {
    List<String> out = new ArrayList<>(a.length + b.length);
    int i = 0;
    int j = 0;
    while (i < a.length || j < b.length) {
      int c = i == a.length ? 1 : j == b.length ? -1 : compare(a[i], b[j]);
      if (c <= 0) {
        out.add(a[i++]);
        if (c == 0) {
          j++;
        }
      } else {
        out.add(b[j++]);
      }
    }
    return out.toArray(new String[0]);
  }

  /** For each key of {@code part} (sorted, a subset of {@code whole}), its index in {@code whole}. */
  static int[] positions(String[] part, String[] whole) {
    int[] at = new int[part.length];
    int j = 0;
    for (int i = 0; i < part.length; i++) {
      while (!whole[j].equals(part[i])) {
        j++;
      }
      at[i] = j;
    }
    return at;
  }
}
