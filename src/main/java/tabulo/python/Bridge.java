package tabulo.python;

import java.nio.file.Path;

import java.util.List;

import tabulo.accumulo.AccumuloProps;
import tabulo.accumulo.AccumuloStore;
import tabulo.d4m.IngestOptions;
import tabulo.d4m.Schema;
import tabulo.d4m.SchemaIngest;
import tabulo.d4m.TableCells;
import tabulo.d4m.TablePair;
import tabulo.embedded.EmbeddedStore;
import tabulo.select.KeySpec;
import tabulo.storage.PackedCells;
import tabulo.storage.SortedLoader;
import tabulo.storage.Store;
import tabulo.storage.TableSettings;
import tabulo.storage.TabuloException;
import tabulo.util.Progress;

/**
 * What the Python package calls, one call per operation with data in bulk ({@link KeyedTriples} in,
 * {@link QueryResult} out), never one call per cell. User mistakes raise {@link TabuloException} with
 * the message the command line would print.
 */
public final class Bridge implements AutoCloseable {
  /** Cells per sorted run written at once (as put's runs): what one run holds in memory. */
  static int runCells = 1_000_000; // tests use small runs
  private static final byte[] EMPTY = new byte[0];

  private final Store store;

  private Bridge(Store store) {
    this.store = store;
  }

  /** The embedded database in {@code dir}, opened for writing (created if absent) or read-only. */
  public static Bridge open(String dir, String user, boolean readOnly) {
    Path path = Path.of(dir);
    return new Bridge(readOnly ? EmbeddedStore.openReadOnly(path, user) : EmbeddedStore.open(path, user));
  }

  /**
   * The Accumulo instance of a client properties file, as its {@code auth.principal}, opened as the
   * command line's {@code --accumulo} opens it; {@code user}, when given, must name that principal.
   */
  public static Bridge openAccumulo(String clientProperties, String user) {
    return new Bridge(AccumuloStore.openAs(Path.of(clientProperties), user, "user"));
  }

  /** The text with every credential this JVM has read replaced by {@code ****}: for messages shown in Python. */
  public static String redact(String text) {
    return AccumuloProps.redact(text);
  }

  public Store store() {
    return store;
  }

  public String[] tables() {
    return store.tables().toArray(new String[0]);
  }

  public boolean exists(String table) {
    return store.exists(table);
  }

  public void create(String table) {
    store.create(table, TableSettings.defaults());
  }

  public void delete(String table) {
    requireTable(table);
    store.delete(table);
  }

  /** Entries stored in the table (a full scan, as D4M's nnz). */
  public long nnz(String table) {
    requireTable(table);
    return TablePair.of(store, table).nnz();
  }

  /**
   * Writes the triples into the table (with {@code transposed}, row and column swapped): all of them, or
   * on any failure none. Of triples with the same row and column the last wins.
   */
  public void put(String table, KeyedTriples triples, boolean transposed) {
    requireTable(table);
    int n = triples.size();
    SortedLoader loader = store.atomicLoad(table);
    try {
      PackedCells run = new PackedCells();
      boolean first = true;
      for (int i = 0; i < n; i++) {
        byte[] row = transposed ? triples.col(i) : triples.row(i);
        byte[] col = transposed ? triples.row(i) : triples.col(i);
        run.add(row, EMPTY, col, EMPTY, triples.value(i));
        if (run.count() >= runCells || i == n - 1) {
          if (!first) {
            loader.nextRun(); // a later run wins over an earlier one, as a later write would
          }
          first = false;
          run.appendSorted(loader);
          run.clear();
        }
      }
    } catch (RuntimeException | Error e) {
      loader.abort();
      throw failed(table, e, loader.allOrNothing());
    }
    try {
      loader.close();
    } catch (RuntimeException e) {
      throw failed(table, e, loader.allOrNothing());
    }
  }

  /**
   * The cells of {@code table} in the rows and columns selected (D4M syntax). Given a transpose table, a
   * query constrained only on columns reads the transpose, where those columns are rows.
   */
  public QueryResult query(String table, String transpose, String rows, String cols) {
    KeySpec rowSpec = spec("rows", rows);
    KeySpec colSpec = spec("cols", cols);
    TablePair pair = transpose == null ? TablePair.of(store, table) : TablePair.of(store, table, transpose);
    boolean swap = pair.readsTranspose(rowSpec, colSpec);
    try (TableCells cells = swap ? TableCells.open(store, transpose, colSpec, rowSpec)
        : TableCells.open(store, table, rowSpec, colSpec)) {
      return QueryResult.read(cells, swap, row -> true);
    }
  }

  /**
   * The degrees of the D4M schema {@code prefix} for the exploded columns selected: PREFIXTedgeDeg's rows
   * (name|value, column Degree, the count), ingest's bookkeeping rows left out.
   */
  public QueryResult degree(String prefix, String cols) {
    KeySpec spec = spec("cols", cols);
    String table = new Schema(prefix).degree();
    requireTable(table);
    try (TableCells cells = TableCells.open(store, table, spec, KeySpec.all())) {
      return QueryResult.read(cells, false, row -> !Schema.isIngestBookkeeping(row));
    }
  }

  /**
   * CSV or TSV files (directories: their files, in name order) into the D4M schema {@code prefix}, as
   * {@code tabulo ingest} does: files already ingested are skipped unless {@code force}. A file that
   * fails stops the run with its error; the files before it are in.
   */
  public SchemaIngest.Result ingest(String prefix, String[] inputs, String format, String rowColumn, int workers,
      String[] splits, boolean force) {
    if (prefix.isEmpty()) {
      throw new TabuloException("prefix must not be empty");
    }
    IngestOptions.Format f;
    try {
      f = IngestOptions.Format.valueOf(format.toUpperCase(java.util.Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new TabuloException("format: expected csv or tsv, got '" + format + "'");
    }
    if (workers < 1) {
      throw new TabuloException("np: expected at least 1 worker, got " + workers);
    }
    List<Path> files = IngestOptions.expand(java.util.Arrays.stream(inputs).map(Path::of).toList());
    IngestOptions options = new IngestOptions(new Schema(prefix), files, f, rowColumn, workers, List.of(splits))
        .withForce(force);
    SchemaIngest.Result r = new SchemaIngest(store, options).run(Progress.onTerminal("ingest entries", 0));
    if (r.error() != null) {
      throw new TabuloException(r.error());
    }
    return r;
  }

  /** A D4M key spec, or an error naming the parameter. */
  public static KeySpec spec(String parameter, String text) {
    try {
      return KeySpec.parse(text);
    } catch (IllegalArgumentException e) {
      throw new TabuloException(parameter + ": " + e.getMessage());
    }
  }

  private void requireTable(String table) {
    if (!store.exists(table)) {
      throw new TabuloException("no such table: " + table);
    }
  }

  private static TabuloException failed(String table, Throwable e, boolean allOrNothing) {
    Throwable root = TabuloException.rootCause(e);
    String cause = root.getMessage() == null ? String.valueOf(e) : root.getMessage();
    return new TabuloException("put into table " + table + " failed, " + (allOrNothing
        ? "nothing was written: " : "part of the triples may have been written: ") + cause, e);
  }

  @Override
  public void close() {
    store.close();
  }
}
