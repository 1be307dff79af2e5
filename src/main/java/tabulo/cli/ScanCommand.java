package tabulo.cli;

import tabulo.kernel.Columns;

import java.util.List;
import java.util.function.Function;

import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.security.Authorizations;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.ingest.TsvExport;
import tabulo.ingest.TsvWriter;
import tabulo.iterators.ColumnSpecFilter;
import tabulo.select.KeySpec;
import tabulo.storage.ScanSpec;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;

@Command(name = "scan", description = {"Print a table's cells as sorted TSV: row<TAB>column<TAB>value.",
    "The output can be fed back to put.",
    "Opens the database read-only: runs beside a writing command, and sees what was committed when it started."})
final class ScanCommand implements Runnable {
  /** Above the table's own iterators (combiners, versioning), so columns are chosen from final values. */
  static final int COLUMN_FILTER_PRIORITY = 1000;

  /**
   * One scan runs on two threads (scanning; formatting and writing) when the machine has two cores or more:
   * each does about half the work, so the scan takes less time for about the same CPU.
   */
  private static final boolean PIPELINED = Runtime.getRuntime().availableProcessors() >= 2;

  @ParentCommand
  Main main;

  @Parameters(index = "0", paramLabel = "TABLE")
  String table;

  @Option(names = "--rows", paramLabel = "SPEC", description = "Rows to scan, in D4M syntax (default ':', all).")
  String rows = ":";

  @Option(names = "--cols", paramLabel = "SPEC", description = "Columns to keep, in D4M syntax (default ':').")
  String cols = ":";

  @Option(names = "--auths", paramLabel = "a,b", description = "Scan with these authorizations "
      + "(default: all the user's); each must be granted to the user.")
  String auths;

  @Option(names = "--vis", description = "Append each cell's visibility as a fourth field (when not empty).")
  boolean showVisibility;

  @Option(names = "--threads", paramLabel = "N", description = "Threads that scan and format parts of the "
      + "table, the output still in key order (default 1: one scan; more cost more CPU and were not faster "
      + "on a busy machine).")
  int threads = 1;

  @Override
  public void run() {
    KeySpec rowSpec = parseSpec("--rows", rows);
    KeySpec colSpec = parseSpec("--cols", cols);
    if (threads < 1) {
      throw new TabuloException("--threads: must be at least 1, not " + threads);
    }
    List<Range> ranges = rowSpec.rowRanges();
    Authorizations scanAuths = auths == null ? null : SetAuthsCommand.parse(auths, "--auths");
    Function<List<Range>, ScanSpec> specFor = part -> {
      ScanSpec spec = ScanSpec.all();
      if (!colSpec.isAll()) {
        IteratorSetting filter = new IteratorSetting(COLUMN_FILTER_PRIORITY, "tabulo-cols", ColumnSpecFilter.class);
        ColumnSpecFilter.setSpec(filter, cols);
        spec.iterator(filter);
      }
      if (scanAuths != null) {
        spec.auths(scanAuths);
      }
      return spec.ranges(part);
    };
    try (Store store = main.openStoreReadOnly()) {
      if (!store.exists(table)) {
        throw new TabuloException("no such table: " + table);
      }
      if (ranges.isEmpty()) {
        return; // an empty row list selects nothing
      }
      try {
        TsvExport.write(store, table, ranges, specFor, new TsvExport.Options(threads, 0, showVisibility, PIPELINED),
            main.outBytes());
      } catch (TsvWriter.OutputFailed e) { // a damaged file or a refused read is the scan's own error
        if (String.valueOf(e.getCause().getMessage()).contains("Broken pipe")) {
          return; // the reader has gone (scan T | head): nothing more to print, as a closed pipe ends cat
        }
        throw new TabuloException("cannot write the output: " + TabuloException.reason(e.getCause()), e);
      }
    }
  }

  static KeySpec parseSpec(String option, String text) {
    try {
      return KeySpec.parse(text);
    } catch (IllegalArgumentException e) {
      throw new TabuloException(option + ": " + e.getMessage());
    }
  }
}
