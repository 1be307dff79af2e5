package tabulo.storage;

import java.util.regex.Pattern;

/** Table names valid on both hosts: Accumulo's, letters, digits and underscores, optionally namespace.name. */
public final class TableNames {
  private static final Pattern VALID = Pattern.compile("(\\w+\\.)?\\w+");

  private TableNames() {}

  /** Throws a {@link TabuloException} naming {@code table} unless it is a valid table name. */
  public static void check(String table) {
    if (table == null || table.length() > 1024 || !VALID.matcher(table).matches()) {
      throw new TabuloException("invalid table name '" + table
          + "': use letters, digits and underscores, optionally as namespace.name");
    }
  }
}
