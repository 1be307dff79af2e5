package tabulo.ops;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import org.apache.accumulo.core.security.ColumnVisibility;

/**
 * The visibility of a partial product: the conjunction of its inputs' visibilities, so a user sees a
 * product only when the user may see both factors. Labels repeat, so conjunctions are cached.
 */
final class Visibilities {
  static final ColumnVisibility NONE = new ColumnVisibility();
  private final Map<String, ColumnVisibility> cache = new HashMap<>();

  ColumnVisibility and(byte[] a, byte[] b) {
    if (a.length == 0 && b.length == 0) {
      return NONE;
    }
    String sa = new String(a, StandardCharsets.UTF_8);
    String sb = new String(b, StandardCharsets.UTF_8);
    return cache.computeIfAbsent(sa + '\u0000' + sb, p -> {
      if (sa.isEmpty() || Arrays.equals(a, b)) {
        return new ColumnVisibility(b);
      }
      if (sb.isEmpty()) {
        return new ColumnVisibility(a);
      }
      return new ColumnVisibility("(" + sa + ")&(" + sb + ")");
    });
  }
}
