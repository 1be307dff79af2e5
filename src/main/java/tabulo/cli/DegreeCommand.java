package tabulo.cli;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.d4m.Schema;
import tabulo.d4m.TableCells;
import tabulo.ingest.TsvCodec;
import tabulo.select.KeySpec;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;

@Command(name = "degree", description = {"Print degrees of exploded columns from a D4M schema.",
    "Print the degree (record count) of exploded columns from PREFIXTedgeDeg " +
    "as TSV: name|value<TAB>Degree<TAB>count. The row |ingested (ingest's records of " +
    "the files it holds) is not a degree and is left out.",
    "Opens the database read-only: runs beside a writing command, and sees what was committed when it started."})
final class DegreeCommand implements Runnable {
  @ParentCommand
  Main main;

  @Parameters(index = "0", paramLabel = "PREFIX")
  String prefix;

  @Option(names = "--cols", paramLabel = "SPEC", description = "Exploded columns, e.g. 'status|*,' (default ':').")
  String cols = ":";

  @Override
  public void run() {
    KeySpec spec = ScanCommand.parseSpec("--cols", cols);
    String table = new Schema(prefix).degree();
    PrintWriter out = main.out();
    try (Store store = main.openStoreReadOnly()) {
      if (!store.exists(table)) {
        throw new TabuloException("no such table: " + table);
      }
      byte[] empty = new byte[0];
      try (TableCells cells = TableCells.open(store, table, spec, KeySpec.all())) {
        while (cells.hasNext()) {
          TableCells.D4mCell c = cells.next();
          if (Schema.isIngestBookkeeping(c.row())) {
            continue; // the files ingested, not a degree
          }
          out.append(TsvCodec.escape(c.row().getBytes(StandardCharsets.UTF_8))).append('\t')
              .append(TsvCodec.formatColumn(empty, c.col().getBytes(StandardCharsets.UTF_8))).append('\t')
              .append(TsvCodec.escape(c.value())).append('\n');
        }
      }
      out.flush();
    }
  }
}
