package tabulo.cli;

import java.nio.file.Path;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.storage.Store;
import tabulo.transfer.TableTransfer;

@Command(name = "export", description = {"Write a table into DIR for 'import' on either host.",
    "DIR is created and must be empty. It gets one sorted RFile per tablet " +
    "(N.rf, Accumulo's format, in the table's locality groups) with the cells the user can read, after the " +
    "table's scan-time iterators (combiners applied, newest versions), with " +
    "visibilities and timestamps; and " + TableTransfer.META + " with the " +
    "split points, every iterator setting (scope, priority, class, options) and the locality groups.",
    "Prints: exported<TAB>TABLE<TAB>entries<TAB>files.",
    "Opens the database read-only: runs beside a writing command, and sees what was committed when it started."})
final class ExportCommand implements Runnable {
  @ParentCommand
  Main main;

  @Parameters(index = "0", paramLabel = "TABLE")
  String table;

  @Parameters(index = "1", paramLabel = "DIR")
  Path dir;

  @Override
  public void run() {
    try (Store store = main.openStoreReadOnly()) {
      TableTransfer.Summary s = TableTransfer.export(store, table, dir);
      main.out().println("exported\t" + s.table() + "\t" + s.entries() + "\t" + s.files());
    }
  }
}
