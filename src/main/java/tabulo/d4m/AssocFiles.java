package tabulo.d4m;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;

import tabulo.ingest.TsvCell;
import tabulo.ingest.TsvCodec;
import tabulo.ingest.TsvReader;

/**
 * Associative arrays to and from files: TSV triples (the format of {@code put} and {@code scan}) and
 * Matrix Market coordinate files, whose keys ride along as {@code %row I KEY} / {@code %col J KEY}
 * comment lines (a plain Matrix Market file without them gets the 1-based indices as keys).
 */
public final class AssocFiles {
  private AssocFiles() {}

  public static void writeTsv(Assoc a, Writer out) throws IOException {
    byte[] empty = new byte[0];
    for (Assoc.Triple c : a.cells()) {
      out.write(TsvCodec.escape(utf8(c.row())));
      out.write('\t');
      out.write(TsvCodec.formatColumn(empty, utf8(c.col())));
      out.write('\t');
      out.write(TsvCodec.escape(utf8(c.text())));
      out.write('\n');
    }
  }

  /** Reads TSV triples (a fourth, visibility field is ignored); repeated cells combine by {@code collision} (null: default). */
  public static Assoc readTsv(InputStream in, String source, Collision collision) {
    CellCollector cells = new CellCollector();
    try (TsvReader r = new TsvReader(in, source)) {
      TsvCell c;
      while ((c = r.next()) != null) {
        String row = new String(c.row(), StandardCharsets.UTF_8);
        cells.add(row, CellCollector.column(c.family(), 0, c.family().length, c.qualifier(), 0, c.qualifier().length),
            c.value());
      }
    }
    return cells.build(collision);
  }

  /** Writes a numeric array (a string array as its logical) as a Matrix Market real coordinate file. */
  public static void writeMatrixMarket(Assoc a, Writer out) throws IOException {
    Assoc x = a.isString() ? a.logical() : a;
    List<String> rows = x.rowKeys();
    List<String> cols = x.colKeys();
    out.write("%%MatrixMarket matrix coordinate real general\n");
    for (int i = 0; i < rows.size(); i++) {
      out.write("%row " + (i + 1) + " " + TsvCodec.escape(utf8(rows.get(i))) + "\n");
    }
    for (int j = 0; j < cols.size(); j++) {
      out.write("%col " + (j + 1) + " " + TsvCodec.escape(utf8(cols.get(j))) + "\n");
    }
    out.write(rows.size() + " " + cols.size() + " " + x.nnz() + "\n");
    java.util.Map<String, Integer> colAt = new java.util.HashMap<>();
    for (int j = 0; j < cols.size(); j++) {
      colAt.put(cols.get(j), j + 1);
    }
    int i = 0;
    String lastRow = null;
    for (Assoc.Triple c : x.cells()) {
      if (!c.row().equals(lastRow)) { // cells come row by row, in key order
        lastRow = c.row();
        i++;
      }
      out.write(i + " " + colAt.get(c.col()) + " " + c.text() + "\n");
    }
  }

  /** Reads a Matrix Market coordinate file (real, integer or pattern; general). */
  public static Assoc readMatrixMarket(InputStream in, String source) throws IOException {
    BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    String header = r.readLine();
    if (header == null || !header.toLowerCase().startsWith("%%matrixmarket matrix coordinate")) {
      throw new IllegalArgumentException(source + ":1: not a Matrix Market coordinate file");
    }
    boolean pattern = header.toLowerCase().contains("pattern");
    if (header.toLowerCase().contains("symmetric") || header.toLowerCase().contains("complex")) {
      throw new IllegalArgumentException(source + ":1: only general real, integer or pattern matrices are supported");
    }
    java.util.Map<Integer, String> rowKeys = new java.util.HashMap<>();
    java.util.Map<Integer, String> colKeys = new java.util.HashMap<>();
    Assoc.Builder b = Assoc.builder();
    String line;
    int lineNo = 1;
    boolean sized = false;
    while ((line = r.readLine()) != null) {
      lineNo++;
      try {
        if (line.startsWith("%row ") || line.startsWith("%col ")) {
          String[] f = line.split(" ", 3);
          String key = new String(TsvCodec.unescape(f.length > 2 ? f[2] : ""), StandardCharsets.UTF_8);
          (line.startsWith("%row") ? rowKeys : colKeys).put(Integer.parseInt(f[1]), key);
          continue;
        }
        if (line.startsWith("%") || line.isBlank()) {
          continue;
        }
        String[] f = line.trim().split("\\s+");
        if (!sized) {
          sized = true; // "rows cols nnz": the keys say the shape
          continue;
        }
        int i = Integer.parseInt(f[0]);
        int j = Integer.parseInt(f[1]);
        double v = pattern ? 1.0 : Double.parseDouble(f[2]);
        b.add(rowKeys.getOrDefault(i, Integer.toString(i)), colKeys.getOrDefault(j, Integer.toString(j)), v);
      } catch (RuntimeException e) {
        throw new IllegalArgumentException(source + ":" + lineNo + ": malformed line '" + line + "'");
      }
    }
    return b.build(Collision.SUM);
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
