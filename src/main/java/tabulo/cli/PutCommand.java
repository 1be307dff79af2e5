package tabulo.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;

import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.security.ColumnVisibility;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.util.Progress;
import tabulo.ingest.TsvCodec;
import tabulo.ingest.TsvReader;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;
import tabulo.storage.TableWriter;

@Command(name = "put", description = {"Write cells from a TSV file or standard input.",
    "Write cells from a TSV file (or - for standard input):",
    "row<TAB>column<TAB>value[<TAB>visibility], column = qualifier or family:qualifier.",
    "The whole input is checked first: a bad line stops the command before anything is written.",
    "Data is durable when the command returns."})
final class PutCommand implements Runnable {
  @ParentCommand
  Main main;

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

  private void write(Store store, Path input, String source, long cells) throws IOException {
    Progress progress = Progress.onTerminal("put " + table, cells);
    try (TsvReader r = new TsvReader(Files.newInputStream(input), source);
        TableWriter w = store.writer(table)) {
      Mutation m = null;
      long done = 0;
      TsvCodec.Cell c;
      while ((c = r.next()) != null) {
        if (m == null || !Arrays.equals(m.getRow(), c.row())) {
          if (m != null) {
            w.addMutation(m);
          }
          m = new Mutation(c.row());
        }
        byte[] vis = c.visibility();
        if (vis == null || vis.length == 0) {
          m.put(c.family(), c.qualifier(), c.value());
        } else {
          m.put(c.family(), c.qualifier(), new ColumnVisibility(vis), c.value());
        }
        if ((++done & 0xFFFF) == 0) {
          progress.update(done);
        }
      }
      if (m != null) {
        w.addMutation(m);
      }
    } finally {
      progress.done();
    }
  }
}
