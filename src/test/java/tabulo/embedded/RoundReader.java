package tabulo.embedded;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map.Entry;
import java.util.Set;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;

import tabulo.storage.ScanSpec;

/**
 * A reading child of {@link ReadersBesideWriterTest}: opens the database read-only {@code args[1]} times
 * beside the running {@link RoundWriter} and prints, for each open, the round each group shows
 * ({@code SEEN a k n k}), or {@code BAD ...} when a group's rows disagree or are missing. With 0 opens it
 * opens once, prints {@code HOLDING} and waits to be killed, its snapshot of the table still linked.
 */
public final class RoundReader {
  public static void main(String[] args) throws Exception {
    Path db = Path.of(args[0]);
    int opens = Integer.parseInt(args[1]);
    System.out.println("READY");
    System.out.flush();
    if (opens == 0) { // hold a snapshot until killed
      EmbeddedStore store = EmbeddedStore.openReadOnly(db, EmbeddedStore.ROOT);
      store.scanAll("t", ScanSpec.all());
      System.out.println("HOLDING");
      System.out.flush();
      Thread.sleep(Long.MAX_VALUE);
    }
    for (int i = 0; i < opens; i++) {
      StringBuilder line = new StringBuilder("SEEN");
      try (EmbeddedStore store = EmbeddedStore.openReadOnly(db, EmbeddedStore.ROOT)) {
        for (String g : RoundWriter.GROUPS) {
          Set<String> values = new HashSet<>();
          int rows = 0;
          for (Entry<Key, Value> e : store.scanAll("t", ScanSpec.all().range(Range.prefix(g)).fetch("", "v"))) {
            values.add(e.getValue().toString());
            rows++;
          }
          if (values.size() > 1 || (rows != 0 && rows != RoundWriter.ROWS)) {
            line = new StringBuilder("BAD group " + g + ": " + rows + " rows, values " + values);
            break;
          }
          line.append(' ').append(g).append(' ').append(values.isEmpty() ? "0" : values.iterator().next());
        }
      }
      System.out.println(line);
      System.out.flush();
      Thread.sleep(50);
    }
  }
}
