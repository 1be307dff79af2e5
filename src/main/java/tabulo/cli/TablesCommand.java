package tabulo.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

import tabulo.storage.Store;
import tabulo.storage.TableNames;

@Command(name = "tables", description = {"List the tables, one per line.",
    "Temporary tables of running operations (names starting with __) are not listed.",
    "Opens the database read-only (beside a writing command); creates an empty one where there is none."})
final class TablesCommand implements Runnable {
  @ParentCommand
  Main main;

  @Override
  public void run() {
    try (Store store = main.openStoreReadOnlyIfExists()) {
      store.tables().stream().filter(t -> !TableNames.isReserved(t)).forEach(main.out()::println);
    }
  }
}
