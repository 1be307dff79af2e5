package tabulo.cli;

import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.ingest.TsvCodec;
import tabulo.storage.Store;
import tabulo.storage.TableInfo;

@Command(name = "info", description = {"Show a table's size, split points, iterators and locality groups.",
    "Show a table's size: stored entries (before versioning and deletes " +
    "are applied), tablets, files and bytes on disk; its split points, iterators and " +
    "locality groups (a line each: group, its name, then its column families, tab-separated).",
    "Opens the database read-only: runs beside a writing command, and sees what was committed when it started."})
final class InfoCommand implements Runnable {
  @ParentCommand
  Main main;

  @Parameters(index = "0", paramLabel = "TABLE")
  String table;

  @Override
  public void run() {
    try (Store store = main.openStoreReadOnly()) {
      TableInfo info = store.info(table);
      main.out().println("table\t" + info.table());
      main.out().println("entries\t" + info.entries());
      main.out().println("tablets\t" + info.tablets());
      main.out().println("files\t" + info.files());
      main.out().println("bytes\t" + info.bytes());
      for (String s : store.splits(table)) {
        main.out().println("split\t" + TsvCodec.escape(s.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
      }
      for (IteratorScope scope : IteratorScope.values()) {
        for (IteratorSetting is : store.iterators(table, scope)) {
          main.out().println("iterator\t" + scope + "\t" + is.getPriority() + "\t" + is.getName() + "\t"
              + is.getIteratorClass() + (is.getOptions().isEmpty() ? "" : "\t" + is.getOptions()));
        }
      }
      store.localityGroups(table).forEach((name, families) -> main.out().println("group\t" + name + "\t"
          + String.join("\t", families.stream().map(f -> TsvCodec.escape(f.getBytes(
              java.nio.charset.StandardCharsets.UTF_8))).toList())));
    }
  }
}
