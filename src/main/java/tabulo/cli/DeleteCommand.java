package tabulo.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.storage.Store;

@Command(name = "delete", description = "Delete a table and all its data.")
final class DeleteCommand implements Runnable {
  @ParentCommand
  Main main;

  @Parameters(index = "0", paramLabel = "TABLE")
  String table;

  @Override
  public void run() {
    try (Store store = main.openStore()) {
      store.delete(table);
    }
  }
}
