package tabulo.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.util.Progress;
import tabulo.ingest.TsvCodec;
import tabulo.ingest.TsvReader;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;
import tabulo.storage.PackedCells;
import tabulo.storage.SortedLoader;

@Command(name = "put", description = {"Write cells from a TSV file or standard input.",
    "Write cells from a TSV file (or - for standard input):",
    "row<TAB>column<TAB>value[<TAB>visibility], column = qualifier or family:qualifier.",
    "The whole input is checked first: a bad line stops the command before anything is written.",
    "All or nothing: the cells land together when the command returns (durable then), or, if it fails",
    "(a full disk, an I/O error), none of them do and the table is as it was; the error says so.",
    "Of cells with the same key, the last in the input wins (a table's combiner sees them all)."})
final class PutCommand implements Runnable {
  @ParentCommand
  Main main;

  /** Cells per sorted run (and bytes, whichever comes first): what one run holds in memory. */
  static int runCells = 1_000_000; // tests use small runs
  static final int RUN_BYTES = 256 << 20;
  private static final byte[] EMPTY = new byte[0];

  @Parameters(index = "0", paramLabel = "TABLE")
  String table;

  @Parameters(index = "1", paramLabel = "FILE|-")
  String file;

  @Override
  public void run() {
    try (Store store = main.openStore()) {
      if (!store.exists(table)) {
        throw new TabuloException("no such table: " + table);
      }
      Path spooled = null;
      try {
        String source = file;
        Path input;
        if (file.equals("-")) {
          spooled = Files.createTempFile("tabulo-put", ".tsv");
          try (InputStream in = System.in) {
            Files.copy(in, spooled, StandardCopyOption.REPLACE_EXISTING);
          }
          input = spooled;
          source = "stdin";
        } else {
          input = Path.of(file);
          if (!Files.isReadable(input) || Files.isDirectory(input)) {
            throw new TabuloException("cannot read " + file + ": " + (Files.exists(input)
                ? (Files.isDirectory(input) ? "it is a directory" : "permission denied") : "no such file"));
          }
        }
        long cells = validate(input, source);
        write(store, input, source, cells);
        main.err().printf("put: %,d cells into %s%n", cells, table);
      } catch (IOException e) {
        throw TabuloException.cannotRead(file.equals("-") ? "stdin" : file, e);
      } finally {
        if (spooled != null) {
          try {
            Files.deleteIfExists(spooled);
          } catch (IOException e) {
            // a temporary file left in the temp folder
          }
        }
      }
    }
  }

  /** Reads the whole input once, so that a bad line is reported before anything is stored. */
  private static long validate(Path input, String source) throws IOException {
    long cells = 0;
    try (TsvReader r = new TsvReader(Files.newInputStream(input), source)) {
      while (r.next() != null) {
        cells++;
      }
    }
    return cells;
  }

  /**
   * Stages the cells in sorted runs of at most {@link #runCells} cells and publishes them together: the
   * table gets all of them or, on any failure, none.
   */
  private void write(Store store, Path input, String source, long cells) throws IOException {
    Progress progress = Progress.onTerminal("put " + table, cells);
    SortedLoader loader = store.atomicLoad(table);
    try (TsvReader r = new TsvReader(Files.newInputStream(input), source)) {
      PackedCells run = new PackedCells();
      boolean first = true;
      long done = 0;
      TsvCodec.Cell c;
      while ((c = r.next()) != null) {
        byte[] vis = c.visibility();
        run.add(c.row(), c.family(), c.qualifier(), vis == null ? EMPTY : vis, c.value());
        if (run.count() >= runCells || run.bytes() >= RUN_BYTES) {
          load(run, loader, first);
          first = false;
        }
        if ((++done & 0xFFFF) == 0) {
          progress.update(done);
        }
      }
      load(run, loader, first);
    } catch (IOException | RuntimeException | Error e) {
      loader.abort();
      throw failed(e, loader.allOrNothing());
    } finally {
      progress.done();
    }
    try {
      loader.close();
    } catch (RuntimeException e) {
      throw failed(e, loader.allOrNothing());
    }
  }

  /** Loads one run in key order (see {@link PackedCells#appendSorted}) and empties it. */
  private static void load(PackedCells run, SortedLoader loader, boolean first) {
    if (run.count() == 0) {
      return;
    }
    if (!first) {
      loader.nextRun();
    }
    run.appendSorted(loader);
    run.clear();
  }

  private TabuloException failed(Throwable e, boolean allOrNothing) {
    Throwable root = TabuloException.rootCause(e); // the I/O error itself, not the layers that passed it on
    String cause = root instanceof TabuloException || root.getMessage() == null ? String.valueOf(e.getMessage())
        : root.getMessage();
    return new TabuloException("put into table " + table + " failed, " + (allOrNothing
        ? "nothing was written: " : "part of the input may have been written (this user may not bulk import): ")
        + cause, e);
  }
}
