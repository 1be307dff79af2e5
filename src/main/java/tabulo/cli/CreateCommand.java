package tabulo.cli;

import java.util.ArrayList;
import java.util.List;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.storage.Store;
import tabulo.storage.TableNames;
import tabulo.storage.TableSettings;

@Command(name = "create", description = "Create a table, optionally pre-split into tablets.")
final class CreateCommand implements Runnable {
  @ParentCommand
  Main main;

  @Parameters(index = "0", paramLabel = "TABLE")
  String table;

  @Option(names = "--splits", paramLabel = "a,b,c", split = ",",
      description = "Split points: tablet i holds rows in (split[i-1], split[i]]. Tens of thousands are fine: "
          + "tablets open when first used and share the table's memory.")
  List<String> splits = new ArrayList<>();

  @Override
  public void run() {
    try (Store store = main.openStore()) {
      TableNames.checkUserTable(table);
      store.create(table, TableSettings.defaults().splits(splits));
    }
  }
}
