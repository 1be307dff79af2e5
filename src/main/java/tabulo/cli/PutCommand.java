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
import tabulo.ingest.TsvLine;
import tabulo.ingest.TsvReader;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;
import tabulo.storage.BackgroundRunLoader;
import tabulo.storage.PackedCells;
import tabulo.storage.SortedLoader;

@Command(name = "put", description = {"Write cells from a TSV file or standard input.",
    "Write cells from a TSV file (or - for standard input):",
    "row<TAB>column<TAB>value[<TAB>visibility], column = qualifier or family:qualifier.",
    "The input is read once; a bad line (named by file and line) stops the command and nothing is written.",
    "All or nothing: the cells land together when the command returns (durable then), or, if it fails",
    "(a full disk, an I/O error), none of them do and the table is as it was; the error says so.",
    "Of cells with the same key, the last in the input wins (a table's combiner sees them all)."})
final class PutCommand implements Runnable {
  @ParentCommand
  Main main;

  /** Cells per sorted run (and bytes, whichever comes first): what one run holds in memory. */
  static int runCells = 1_000_000; // tests use small runs
  static final int RUN_BYTES = 256 << 20;

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
      Path input = file.equals("-") ? null : Path.of(file);
      if (input != null && (!Files.isReadable(input) || Files.isDirectory(input))) {
        throw new TabuloException("cannot read " + file + ": " + (Files.exists(input)
            ? (Files.isDirectory(input) ? "it is a directory" : "permission denied") : "no such file"));
      }
      String source = input == null ? "stdin" : file;
      SortedLoader loader = store.atomicLoad(table);
      Path spooled = null;
      try {
        if (!loader.allOrNothing()) {
          // Cells sent through a writer cannot be taken back: check the whole input before the first one.
          if (input == null) {
            spooled = spool();
            input = spooled;
          }
          try {
            validate(input, source);
          } catch (RuntimeException e) {
            loader.abort();
            throw e;
          }
        }
        long size = input == null ? 0 : Files.size(input);
        long cells = write(loader, input == null ? System.in : Files.newInputStream(input), source, size);
        main.err().printf("put: %,d cells into %s%n", cells, table);
      } catch (IOException e) {
        loader.abort();
        throw TabuloException.cannotRead(source, e);
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
   * it: file, line and problem).
   */
  private long write(SortedLoader loader, InputStream in, String source, long size) {
    Progress progress = Progress.onTerminal("put " + table, 0);
    long done = 0;
    try (TsvReader r = new TsvReader(in, source); BackgroundRunLoader runs = new BackgroundRunLoader(loader)) {
      try {
        PackedCells run = new PackedCells();
        TsvLine c;
        while ((c = readLine(r, runs)) != null) {
          run.add(c);
          if (run.count() >= runCells || run.bytes() >= RUN_BYTES) {
            run = runs.submit(run);
          }
          if ((++done & 0xFFFF) == 0) {
            progress.update(done, size > 0 ? (double) r.bytesRead() / size : Double.NaN);
          }
        }
        runs.submit(run);
        runs.finish();
      } catch (BadLine e) {
        throw e.error;
      } catch (RuntimeException | Error e) {
        runs.abort();
        throw failed(e, loader.allOrNothing());
      }
    } finally {
      progress.done();
    }
    try {
      loader.close();
    } catch (RuntimeException e) {
      throw failed(e, loader.allOrNothing());
    }
    return done;
  }

  /** The next line; on a bad one, drops everything staged and throws the reader's error as it is. */
  private static TsvLine readLine(TsvReader r, BackgroundRunLoader runs) {
    try {
      return r.read();
    } catch (TabuloException e) {
      runs.abort();
      throw new BadLine(e);
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
