package tabulo.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.function.BooleanSupplier;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.util.Progress;
import tabulo.ingest.TsvLine;
import tabulo.ingest.TsvReader;
import tabulo.storage.TabuloException;
import tabulo.storage.BackgroundRunLoader;
import tabulo.storage.PackedCells;
import tabulo.storage.SortedLoader;

@Command(name = "put", description = {"Write cells from a TSV file or standard input.",
    "Write cells from a TSV file (or - for standard input): " +
    "row<TAB>column<TAB>value[<TAB>visibility], column = qualifier or family:qualifier.",
    "The input is read once; a bad line (named by file and line) stops the command and nothing is written.",
    "All or nothing: the cells land together when the command returns (durable then), or, if it fails " +
    "(a full disk, an I/O error), none of them do and the table is as it was; the error says so.",
    "Of cells with the same key, the last in the input wins (a table's combiner sees them all)."})
final class PutCommand implements Runnable {
  @ParentCommand
  Main main;

  /** Cells per sorted run (and bytes, whichever comes first): what one run holds in memory. */
  static int runCells = 1_000_000; // tests use small runs
  static final int RUN_BYTES = 256 << 20;
  /** Lines between checks of the progress shown and of whether the first run can end early. */
  private static final int CHECK_EVERY = 1 << 16;

  @Parameters(index = "0", paramLabel = "TABLE")
  String table;

  @Parameters(index = "1", paramLabel = "FILE|-")
  String file;

  @Override
  public void run() {
    // On Accumulo, a loader that is not all or nothing needs the whole input checked before the first cell
    // is sent, so the store opens first; the embedded engine opens while the first lines are parsed.
    boolean embedded = main.accumuloProperties() == null;
    try (LoadOpening opening = embedded ? LoadOpening.inBackground(main::openStore, table)
        : LoadOpening.now(main::openStore, table)) {
      Path input = file.equals("-") ? null : Path.of(file);
      if (input != null && (!Files.isReadable(input) || Files.isDirectory(input))) {
        throw inputError(opening, new TabuloException("cannot read " + file + ": " + (Files.exists(input)
            ? (Files.isDirectory(input) ? "it is a directory" : "permission denied") : "no such file")));
      }
      String source = input == null ? "stdin" : file;
      Path spooled = null;
      try {
        if (!embedded && !opening.loader().allOrNothing()) {
          // Cells sent through a writer cannot be taken back: check the whole input before the first one.
          if (input == null) {
            spooled = spool();
            input = spooled;
          }
          try {
            validate(input, source);
          } catch (RuntimeException e) {
            opening.loader().abort();
            throw e;
          }
        }
        long size = input == null ? 0 : Files.size(input);
        long cells = write(opening, input == null ? System.in : Files.newInputStream(input), source, size);
        main.err().printf("put: %,d cells into %s%n", cells, table);
      } catch (IOException e) {
        throw inputError(opening, TabuloException.cannotRead(source, e));
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

  /**
   * An error of the input, after dropping the load; an error opening the store or the table is thrown
   * instead, as when the table was opened before the input was read.
   */
  private static TabuloException inputError(LoadOpening opening, TabuloException e) {
    opening.loader().abort();
    return e;
  }

  private static Path spool() throws IOException {
    Path spooled = Files.createTempFile("tabulo-put", ".tsv");
    try (InputStream in = System.in) {
      Files.copy(in, spooled, StandardCopyOption.REPLACE_EXISTING);
    }
    return spooled;
  }

  /** Reads the whole input once, so that a bad line is reported before anything is sent. */
  private static void validate(Path input, String source) throws IOException {
    try (TsvReader r = new TsvReader(Files.newInputStream(input), source)) {
      while (r.read() != null) {
        // each line parsed and checked
      }
    }
  }

  /**
   * Parses the input once, staging the cells in sorted runs of at most {@link #runCells} cells (sorted
   * and written on another thread while the next run is parsed), and publishes them together: the table
   * gets all of them or, on a bad line or any failure, none (a bad line is reported as the reader names
   * it: file, line and problem). The first run is parsed while the store may still be opening.
   */
  private long write(LoadOpening opening, InputStream in, String source, long size) {
    Progress progress = Progress.onTerminal("put " + table, 0);
    SortedLoader loader;
    Lines lines;
    try (TsvReader r = new TsvReader(in, source)) {
      lines = new Lines(r, progress, size);
      PackedCells run = new PackedCells();
      boolean more;
      try {
        // The first run ends as soon as the store is open (or when full): the writer, idle until then, starts
        // sooner, and writing is the slower side, so the put ends when the writer has written everything.
        more = lines.fill(run, opening::openingEnded);
      } catch (TabuloException e) {
        throw inputError(opening, e);
      } catch (RuntimeException | Error e) {
        SortedLoader dropped = opening.loader();
        dropped.abort();
        throw failed(e, dropped.allOrNothing());
      }
      loader = opening.loader();
      try (BackgroundRunLoader runs = new BackgroundRunLoader(loader)) {
        try {
          while (more) {
            run = runs.submit(run);
            try {
              more = lines.fill(run, () -> false);
            } catch (TabuloException e) {
              runs.abort(); // drops everything staged; the reader's error is thrown as it is
              throw new BadLine(e);
            }
          }
          runs.submitLast(run);
          runs.finish();
        } catch (BadLine e) {
          throw e.error;
        } catch (RuntimeException | Error e) {
          runs.abort();
          throw failed(e, loader.allOrNothing());
        }
      }
    } finally {
      progress.done();
    }
    try {
      loader.close(); // the input closed first: a failure closing it leaves the table as it was
    } catch (RuntimeException e) {
      throw failed(e, loader.allOrNothing());
    }
    return lines.cells;
  }

  /** The input's cells, a run at a time, with progress shown as they are read. */
  private static final class Lines {
    private final TsvReader reader;
    private final Progress progress;
    private final long size;
    long cells;

    Lines(TsvReader reader, Progress progress, long size) {
      this.reader = reader;
      this.progress = progress;
      this.size = size;
    }

    /**
     * Adds lines to {@code run} until it is full or {@code endEarly} says so (checked now and then): true;
     * or until the input ends: false. A bad line throws.
     */
    boolean fill(PackedCells run, BooleanSupplier endEarly) {
      TsvLine c;
      while ((c = reader.read()) != null) {
        run.add(c);
        if ((++cells & (CHECK_EVERY - 1)) == 0) {
          progress.update(cells, size > 0 ? (double) reader.bytesRead() / size : Double.NaN);
          if (endEarly.getAsBoolean()) {
            return true;
          }
        }
        if (run.count() >= runCells || run.bytes() >= RUN_BYTES) {
          return true;
        }
      }
      return false;
    }
  }

  /** Carries a bad line's error past the handler that reports storage failures. */
  private static final class BadLine extends RuntimeException {
    final TabuloException error;

    BadLine(TabuloException error) {
      super(error.getMessage(), error, false, false);
      this.error = error;
    }
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
