package tabulo.cli;

import java.nio.file.Path;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.storage.Store;
import tabulo.transfer.TableTransfer;

@Command(name = "import", description = {"Create TABLE from a directory written by 'export'.",
    "TABLE must not exist; it gets the exported split points, iterator " +
    "settings and locality groups, then the entries (timestamps and visibilities kept). On Accumulo " +
    "the files are bulk-imported from copies staged inside DIR, so DIR must be " +
    "on a file system the tablet servers can read (the local disk for " +
    "mini-accumulo); embedded, they are bulk-loaded. DIR is left unchanged.",
    "Prints: imported<TAB>TABLE<TAB>entries<TAB>files."})
final class ImportCommand implements Runnable {
  @ParentCommand
  Main main;

  @Parameters(index = "0", paramLabel = "TABLE")
  String table;

  @Parameters(index = "1", paramLabel = "DIR")
  Path dir;

  @Override
  public void run() {
    try (Store store = main.openStore()) {
      TableTransfer.Summary s = TableTransfer.importTable(store, table, dir);
      main.out().println("imported\t" + s.table() + "\t" + s.entries() + "\t" + s.files());
    }
  }
}
