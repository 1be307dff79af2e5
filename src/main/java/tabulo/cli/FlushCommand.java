package tabulo.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.storage.Store;

@Command(name = "flush", description = "Write the table's memory to sorted files (minor compaction); waits.")
final class FlushCommand implements Runnable {
  @ParentCommand
  Main main;

  @Parameters(index = "0", paramLabel = "TABLE")
  String table;

  @Override
  public void run() {
    try (Store store = main.openStore()) {
      store.flush(table);
    }
  }
}
