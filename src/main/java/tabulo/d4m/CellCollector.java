package tabulo.d4m;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import tabulo.math.DecimalCodec;

/**
 * Gathers (row, column, value text) triples read from a file or a table, then builds an array that is
 * numeric when every value is a number ({@link DecimalCodec#isNumber}, NaN and Infinity included) and a
 * string array otherwise (tables store text; D4M reads numbers back as numbers).
 */
final class CellCollector {
  private final List<String> rows = new ArrayList<>();
  private final List<String> cols = new ArrayList<>();
  private final List<String> values = new ArrayList<>();
  private boolean allNumbers = true;

  void add(String row, String col, byte[] value) {
    allNumbers &= value.length > 0 && DecimalCodec.isNumber(value, 0, value.length);
    rows.add(row);
    cols.add(col);
    values.add(new String(value, StandardCharsets.UTF_8));
  }

  int size() {
    return rows.size();
  }

  Assoc build(Collision collision) {
    Assoc.Builder b = Assoc.builder();
    for (int i = 0; i < rows.size(); i++) {
      if (allNumbers) {
        b.add(rows.get(i), cols.get(i), Double.parseDouble(values.get(i)));
      } else {
        b.add(rows.get(i), cols.get(i), values.get(i));
      }
    }
    return collision == null ? b.build() : b.build(collision);
  }

  /** D4M's column of a cell: the qualifier when the family is empty, else {@code family:qualifier}. */
  static String column(byte[] family, int fo, int fl, byte[] qualifier, int qo, int ql) {
    String q = new String(qualifier, qo, ql, StandardCharsets.UTF_8);
    return fl == 0 ? q : new String(family, fo, fl, StandardCharsets.UTF_8) + ":" + q;
  }
}
