package tabulo.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

import tabulo.storage.Store;

@Command(name = "tables", description = "List the tables, one per line.")
final class TablesCommand implements Runnable {
  @ParentCommand
  Main main;

  @Override
  public void run() {
    try (Store store = main.openStore()) {
      store.tables().forEach(main.out()::println);
    }
  }
}
