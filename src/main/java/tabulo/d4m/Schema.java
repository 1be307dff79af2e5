package tabulo.d4m;

/**
 * The D4M 2.0 schema's four tables for one prefix: {@code Tedge} (record x exploded column {@code
 * name|value}, value 1), its transpose {@code TedgeT}, {@code TedgeDeg} (the count of each exploded
 * column, column {@code Degree}, summed by a combiner) and {@code TedgeTxt} (the raw record, column
 * {@code txt}). TedgeDeg's row {@code |ingested} records the files ingested ({@link IngestRecords}).
 */
public record Schema(String prefix) {
  /** Between a field's name and its value in an exploded column: {@code src_ip|10.0.0.1}. */
  public static final String SEPARATOR = "|";
  public static final String DEGREE_COLUMN = "Degree";
  public static final String TEXT_COLUMN = "txt";

  public String edge() {
    return prefix + "Tedge";
  }

  public String transpose() {
    return prefix + "TedgeT";
  }

  /** Whether a TedgeDeg row is ingest's bookkeeping ({@link IngestRecords}), not an exploded column's degree. */
  public static boolean isIngestBookkeeping(String degreeRow) {
    return degreeRow.equals(IngestRecords.ROW);
  }

  public String degree() {
    return prefix + "TedgeDeg";
  }

  public String text() {
    return prefix + "TedgeTxt";
  }
}
