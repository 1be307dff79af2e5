package tabulo.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.storage.Store;
import tabulo.storage.TableNames;

@Command(name = "rename", description = "Rename a table.")
final class RenameCommand implements Runnable {
  @ParentCommand
  Main main;

  @Parameters(index = "0", paramLabel = "TABLE")
  String table;

  @Parameters(index = "1", paramLabel = "NEW_NAME")
  String newName;

  @Override
  public void run() {
    try (Store store = main.openStore()) {
      TableNames.checkUserTable(newName);
      store.rename(table, newName);
    }
  }
}
