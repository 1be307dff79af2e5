package tabulo.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.storage.Store;

@Command(name = "compact", description = "Merge each tablet's files into one, applying major-compaction iterators and dropping deletes; waits.")
final class CompactCommand implements Runnable {
  @ParentCommand
  Main main;

  @Parameters(index = "0", paramLabel = "TABLE")
  String table;

  @Override
  public void run() {
    try (Store store = main.openStore()) {
      store.compact(table);
    }
  }
}
