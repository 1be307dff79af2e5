package tabulo.d4m;

import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.NoSuchElementException;

import org.apache.accumulo.core.data.Mutation;

import tabulo.select.KeySpec;
import tabulo.storage.Store;
import tabulo.storage.TableWriter;
import tabulo.storage.TabuloException;

/**
 * A table seen as an associative array, optionally bound to its transpose: D4M's
 * {@code DB('Tedge','TedgeT')}. {@link #put} writes both; a query constrained only on columns reads the
 * transpose, where those columns are rows, so it costs what a row query costs.
 *
 * <p>Values are stored as text (numbers in D4M's decimal form); reading gives a numeric array when
 * every value read is a decimal number, else a string array.
 */
public final class TablePair {
  private final Store store;
  private final String table;
  private final String transpose; // null: a single table

  private TablePair(Store store, String table, String transpose) {
    this.store = store;
    this.table = table;
    this.transpose = transpose;
    requireTable(table);
    if (transpose != null) {
      requireTable(transpose);
    }
  }

  public static TablePair of(Store store, String table) {
    return new TablePair(store, table, null);
  }

  public static TablePair of(Store store, String table, String transpose) {
    return new TablePair(store, table, transpose);
  }

  private void requireTable(String name) {
    if (!store.exists(name)) {
      throw new TabuloException("no such table: " + name);
    }
  }

  /** Writes every entry to the table, and transposed to the transpose table; durable when it returns. */
  public void put(Assoc a) {
    try (TableWriter w = store.writer(table)) {
      write(a, w);
    }
    if (transpose != null) {
      try (TableWriter w = store.writer(transpose)) {
        write(a.transpose(), w);
      }
    }
  }

  /** Writes an array's entries as cells (empty family, column as qualifier, value as text). */
  public static void write(Assoc a, TableWriter w) {
    Mutation m = null;
    String row = null;
    byte[] family = new byte[0];
    for (Assoc.Triple c : a.cells()) {
      if (!c.row().equals(row)) {
        if (m != null) {
          w.addMutation(m);
        }
        row = c.row();
        m = new Mutation(utf8(row));
      }
      m.put(family, utf8(c.col()), utf8(c.text()));
    }
    if (m != null) {
      w.addMutation(m);
    }
  }

  /** Whether a query on these specs reads the transpose table. */
  public boolean readsTranspose(KeySpec rows, KeySpec cols) {
    return transpose != null && rows.isAll() && !cols.isAll();
  }

  /** A(rows, cols) read from the table (or, for a column-only query, from the transpose). */
  public Assoc get(KeySpec rows, KeySpec cols) {
    try (Pages p = pages(rows, cols, Integer.MAX_VALUE)) {
      if (!p.hasNext()) {
        return Assoc.empty();
      }
      return p.next();
    }
  }

  /**
   * The result of A(rows, cols) in pages of at most {@code perPage} entries each, in the order the
   * table read returns them (by row, or by column for a column-only query). Close when done.
   */
  public Pages pages(KeySpec rows, KeySpec cols, int perPage) {
    if (perPage < 1) {
      throw new IllegalArgumentException("entries per page must be positive, got " + perPage);
    }
    boolean flipped = readsTranspose(rows, cols);
    TableCells cells = flipped ? TableCells.open(store, transpose, cols, rows) : TableCells.open(store, table, rows, cols);
    return new Pages(cells, flipped, perPage);
  }

  /** The number of entries stored in the table (a full scan, as D4M's {@code nnz(T)}). */
  public long nnz() {
    long n = 0;
    try (TableCells c = TableCells.open(store, table, KeySpec.all(), KeySpec.all())) {
      while (c.hasNext()) {
        c.next();
        n++;
      }
    }
    return n;
  }

  /** Successive pages of a query result, each an associative array oriented as the table. */
  public static final class Pages implements Iterator<Assoc>, AutoCloseable {
    private final TableCells cells;
    private final boolean flipped;
    private final int perPage;

    Pages(TableCells cells, boolean flipped, int perPage) {
      this.cells = cells;
      this.flipped = flipped;
      this.perPage = perPage;
    }

    @Override
    public boolean hasNext() {
      return cells.hasNext();
    }

    @Override
    public Assoc next() {
      if (!cells.hasNext()) {
        throw new NoSuchElementException();
      }
      CellCollector page = new CellCollector();
      while (page.size() < perPage && cells.hasNext()) {
        TableCells.D4mCell c = cells.next();
        if (flipped) {
          page.add(c.col(), c.row(), c.value());
        } else {
          page.add(c.row(), c.col(), c.value());
        }
      }
      return page.build(Collision.LAST);
    }

    @Override
    public void close() {
      cells.close();
    }
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
