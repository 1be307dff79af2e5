package tabulo.embedded;

import java.nio.charset.StandardCharsets;
import java.util.SortedSet;

import org.apache.accumulo.core.security.Authorizations;

import tabulo.storage.TabuloException;

/**
 * The labels a writer may give cells: those its own authorizations satisfy (as Accumulo's
 * VisibilityConstraint decides), so that no user writes a cell they could not read, and no later
 * operation of theirs could then remove it unseen. Checked as cells are written or loaded; a refused cell
 * fails the write before anything of it is published.
 */
final class WritableLabels {
  private final String user;
  private final SortedSet<String> granted;
  private final String table;
  private final VisibilityCheck check;

  WritableLabels(String user, SortedSet<String> granted, String table) {
    this.user = user;
    this.granted = granted;
    this.table = table;
    this.check = new VisibilityCheck(new Authorizations(granted.toArray(new String[0])));
  }

  void check(byte[] bytes, int offset, int length, byte[] row, int rowOffset, int rowLength) {
    if (length != 0 && !check.visible(bytes, offset, length)) {
      throw new TabuloException("user " + user + " may not write a cell labelled '"
          + new String(bytes, offset, length, StandardCharsets.UTF_8) + "' into table " + table + " (row '"
          + new String(row, rowOffset, rowLength, StandardCharsets.UTF_8) + "'): a writer must hold what the "
          + "label requires (" + (granted.isEmpty() ? "the user has no authorizations"
              : "granted: " + String.join(",", granted)) + "; see setauths)");
    }
  }

  void check(byte[] visibility, byte[] row) {
    check(visibility, 0, visibility.length, row, 0, row.length);
  }
}
