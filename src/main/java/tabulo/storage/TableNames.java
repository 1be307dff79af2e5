package tabulo.storage;

import java.util.regex.Pattern;

/** Table names valid on both hosts: Accumulo's, letters, digits and underscores, optionally namespace.name. */
public final class TableNames {
  private static final Pattern VALID = Pattern.compile("(\\w+\\.)?\\w+");
  /** Accumulo's limit on a table name (its namespace included here, so both hosts accept every name). */
  public static final int MAX_LENGTH = 1024;
  private static final int SHOWN = 40;

  private TableNames() {}

  /** Throws a {@link TabuloException} naming {@code table} unless it is a valid table name. */
  public static void check(String table) {
    if (table != null && table.length() > MAX_LENGTH) {
      throw new TabuloException("invalid table name '" + table.substring(0, SHOWN) + "...': " + table.length()
          + " characters, at most " + MAX_LENGTH + " are allowed");
    }
    if (table == null || !VALID.matcher(table).matches()) {
      throw new TabuloException("invalid table name '" + table
          + "': use letters, digits and underscores, optionally as namespace.name");
    }
  }
}
