package tabulo.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.d4m.AssocFiles;
import tabulo.d4m.Schema;
import tabulo.d4m.TableCells;
import tabulo.d4m.TablePair;
import tabulo.ingest.TsvCodec;
import tabulo.select.KeySpec;
import tabulo.storage.Store;

@Command(name = "query", description = {"Query D4M schema tables by rows or columns.",
    "Query a D4M schema (see ingest) as the associative array PREFIXTedge:",
    "records x name|value. A query constrained only on columns reads PREFIXTedgeT, where the columns",
    "are rows, so it is as fast as a row query; the output is oriented as Tedge either way:",
    "sorted TSV row<TAB>column<TAB>value, as scan prints it.",
    "Opens the database read-only: runs beside a writing command, and sees what was committed when it started."})
final class QueryCommand implements Runnable {
  @ParentCommand
  Main main;

  @Parameters(index = "0", paramLabel = "PREFIX")
  String prefix;

  @Option(names = "--rows", paramLabel = "SPEC", description = "Records, in D4M syntax (default ':').")
  String rows = ":";

  @Option(names = "--cols", paramLabel = "SPEC", description = "Exploded columns, e.g. 'src_ip|10.0.0.1,' or 'status|*,' (default ':').")
  String cols = ":";

  @Override
  public void run() {
    KeySpec rowSpec = ScanCommand.parseSpec("--rows", rows);
    KeySpec colSpec = ScanCommand.parseSpec("--cols", cols);
    Schema schema = new Schema(prefix);
    PrintWriter out = main.out();
    try (Store store = main.openStoreReadOnly()) {
      TablePair pair = TablePair.of(store, schema.edge(), schema.transpose());
      if (pair.readsTranspose(rowSpec, colSpec)) {
        AssocFiles.writeTsv(pair.get(rowSpec, colSpec), out); // re-sorted by record
      } else {
        byte[] empty = new byte[0];
        try (TableCells cells = TableCells.open(store, schema.edge(), rowSpec, colSpec)) {
          while (cells.hasNext()) {
            TableCells.Cell c = cells.next();
            out.append(TsvCodec.escape(c.row().getBytes(java.nio.charset.StandardCharsets.UTF_8))).append('\t')
                .append(TsvCodec.formatColumn(empty, c.col().getBytes(java.nio.charset.StandardCharsets.UTF_8)))
                .append('\t').append(TsvCodec.escape(c.value())).append('\n');
          }
        }
      }
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the output", e);
    }
  }
}
