package tabulo.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;

import org.apache.accumulo.core.security.Authorizations;

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
import tabulo.storage.TabuloException;

@Command(name = "query", description = {"Query D4M schema tables by rows or columns.",
    "Query a D4M schema (see ingest) as the associative array PREFIXTedge: " +
    "records x name|value. A query constrained only on columns reads PREFIXTedgeT, where the columns " +
    "are rows, so it is as fast as a row query; the output is oriented as Tedge either way: " +
    "sorted TSV row<TAB>column<TAB>value, as scan prints it.",
    "With --correlate SPEC1 SPEC2 it prints D4M's sqIn of two column types: " +
    "C = Tedge(:, SPEC1)^T (+.x) Tedge(:, SPEC2); --correlate 'origin|*,' 'dest|*,' " +
    "counts the records per origin and destination: row<TAB>column<TAB>count, " +
    "sorted. It is mult's planned multiply next to the data (PREFIXTedgeT read for " +
    "Tedge^T and the SPEC2 columns when ingest made the pair) into a temporary " +
    "table deleted afterwards, also on an error or Ctrl-C.",
    "Opens the database read-only (--correlate: for writing, for its temporary): " +
    "runs beside a writing command, and sees what was committed when it started."})
final class QueryCommand implements Runnable {
  @ParentCommand
  Main main;

  @Parameters(index = "0", paramLabel = "PREFIX")
  String prefix;

  @Option(names = "--rows", paramLabel = "SPEC", description = "Records, in D4M syntax (default ':').")
  String rows;

  @Option(names = "--cols", paramLabel = "SPEC", description = "Exploded columns, e.g. 'src_ip|10.0.0.1,' or 'status|*,' (default ':').")
  String cols;

  @Option(names = "--correlate", arity = "2", paramLabel = "SPEC",
      description = "Two column selections SPEC1 SPEC2: print C = Tedge(:, SPEC1)^T (+.x) Tedge(:, SPEC2) "
          + "(D4M's sqIn), e.g. --correlate 'origin|*,' 'dest|*,'. Not with --rows or --cols.")
  String[] correlate;

  @Option(names = "--auths", paramLabel = "a,b", description = "With --correlate: read Tedge with these "
      + "authorizations (default: all of the user's); C holds the counts of the cells they can read.")
  String auths;

  @Override
  public void run() {
    Schema schema = new Schema(prefix);
    if (correlate != null) {
      correlate(schema);
      return;
    }
    if (auths != null) {
      throw new TabuloException("--auths: only with --correlate (the other query forms read with all of the user's "
          + "authorizations)");
    }
    KeySpec rowSpec = ScanCommand.parseSpec("--rows", rows == null ? ":" : rows);
    KeySpec colSpec = ScanCommand.parseSpec("--cols", cols == null ? ":" : cols);
    PrintWriter out = main.out();
    try (Store store = main.openStoreReadOnly()) {
      TablePair pair = TablePair.of(store, schema.edge(), schema.transpose());
      if (pair.readsTranspose(rowSpec, colSpec)) {
        AssocFiles.writeTsv(pair.get(rowSpec, colSpec), out); // re-sorted by record
      } else {
        byte[] empty = new byte[0];
        try (TableCells cells = TableCells.open(store, schema.edge(), rowSpec, colSpec)) {
          while (cells.hasNext()) {
            TableCells.D4mCell c = cells.next();
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

  private void correlate(Schema schema) {
    if (correlate.length != 2) {
      throw new TabuloException("--correlate: give it once, with two SPECs (not " + correlate.length + ")");
    }
    if (rows != null || cols != null) {
      throw new TabuloException("--correlate selects the columns of both sides itself: not with "
          + (rows != null ? "--rows" : "--cols"));
    }
    KeySpec first = ScanCommand.parseSpec("--correlate SPEC1", correlate[0]);
    KeySpec second = ScanCommand.parseSpec("--correlate SPEC2", correlate[1]);
    Authorizations a = auths == null ? null : SetAuthsCommand.parse(auths, "--auths");
    try (Store store = main.openStore()) {
      QueryCorrelation.print(store, schema, first, second, a, main.outBytes(), main.err());
    }
  }
}
