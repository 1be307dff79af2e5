package tabulo.d4m;

import java.util.List;

/** D4M-style printouts of an associative array: a grid when it is narrow, else (row, col) value lines. */
final class AssocPrinter {
  private AssocPrinter() {}

  static String print(Assoc a, int maxGridColumns, int maxLines) {
    if (a.isEmpty()) {
      return "(empty associative array)\n";
    }
    int[] size = a.size();
    return size[1] <= maxGridColumns && size[0] <= maxLines ? grid(a) : lines(a, maxLines);
  }

  private static String grid(Assoc a) {
    List<String> rows = a.rowKeys();
    List<String> cols = a.colKeys();
    String[][] cells = new String[rows.size() + 1][cols.size() + 1];
    cells[0][0] = "";
    for (int j = 0; j < cols.size(); j++) {
      cells[0][j + 1] = cols.get(j);
    }
    for (int i = 0; i < rows.size(); i++) {
      cells[i + 1][0] = rows.get(i);
      for (int j = 0; j < cols.size(); j++) {
        String t = a.text(rows.get(i), cols.get(j));
        cells[i + 1][j + 1] = t == null ? "" : t;
      }
    }
    int[] width = new int[cols.size() + 1];
    for (String[] row : cells) {
      for (int j = 0; j < row.length; j++) {
        width[j] = Math.max(width[j], row[j].length());
      }
    }
    StringBuilder sb = new StringBuilder();
    for (String[] row : cells) {
      for (int j = 0; j < row.length; j++) {
        sb.append(j == 0 ? "" : "  ").append(row[j]).append(" ".repeat(width[j] - row[j].length()));
      }
      sb.setLength(sb.length() - trailingSpaces(sb));
      sb.append('\n');
    }
    return sb.toString();
  }

  private static int trailingSpaces(StringBuilder sb) {
    int n = 0;
    while (n < sb.length() && sb.charAt(sb.length() - 1 - n) == ' ') {
      n++;
    }
    return n;
  }

  private static String lines(Assoc a, int maxLines) {
    StringBuilder sb = new StringBuilder();
    int shown = 0;
    for (Assoc.Triple c : a.cells()) {
      if (shown++ == maxLines) {
        sb.append("... (").append(a.nnz() - maxLines).append(" more of ").append(a.nnz()).append(")\n");
        break;
      }
      sb.append('(').append(c.row()).append(", ").append(c.col()).append(")  ").append(c.text()).append('\n');
    }
    return sb.toString();
  }
}
