package tabulo.storage;

import java.util.regex.Pattern;

/**
 * Table names valid on both hosts: Accumulo's, letters, digits and underscores, optionally namespace.name.
 * Names whose table part starts with {@value #RESERVED_PREFIX} belong to Tabulo's temporary tables: users
 * cannot create them, so cleaning up temporaries can never touch a user's table.
 */
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

  public static final String RESERVED_PREFIX = "__";

  /** Like {@link #check}, and refuses the reserved names: for every table a user names (create, rename, outputs). */
  public static void checkUserTable(String table) {
    check(table);
    if (isReserved(table)) {
      throw new TabuloException("invalid table name '" + table + "': names starting with " + RESERVED_PREFIX
          + " are reserved for Tabulo's temporary tables");
    }
  }

  /** Whether the table part of the name (after any namespace) is in Tabulo's reserved name space. */
  public static boolean isReserved(String table) {
    return table.substring(table.lastIndexOf('.') + 1).startsWith(RESERVED_PREFIX);
  }

  /** "ns." for "ns.name", "" for a table in the default namespace (a rename cannot leave its namespace). */
  public static String namespacePrefix(String table) {
    return table.substring(0, table.lastIndexOf('.') + 1);
  }
}
