package tabulo.kernel;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import org.apache.accumulo.core.security.ColumnVisibility;

/**
 * The visibility of a partial product: the conjunction of its inputs' visibilities, so a user sees a
 * product only when the user may see both factors. Flattened as {@link ColumnVisibility#flatten()} does
 * (sorted, duplicates and redundant parentheses removed), so equivalent labels such as {@code (x)&(y)}
 * and {@code y&x} are one label and their parts one cell. Labels repeat, so conjunctions are cached.
 */
public final class Visibilities {
  public static final ColumnVisibility NONE = new ColumnVisibility();
  private final Map<String, ColumnVisibility> cache = new HashMap<>();

  public ColumnVisibility and(byte[] a, byte[] b) {
    if (a.length == 0 && b.length == 0) {
      return NONE;
    }
    // ISO-8859-1 maps each byte to one char and back: labels may hold any bytes in quotes
    String sa = new String(a, StandardCharsets.ISO_8859_1);
    String sb = new String(b, StandardCharsets.ISO_8859_1);
    return cache.computeIfAbsent(sa + '\u0000' + sb, p -> {
      String and = sa.isEmpty() || Arrays.equals(a, b) ? sb : sb.isEmpty() ? sa : "(" + sa + ")&(" + sb + ")";
      return new ColumnVisibility(new ColumnVisibility(and.getBytes(StandardCharsets.ISO_8859_1)).flatten());
    });
  }
}
