package tabulo.accumulo;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map.Entry;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.hadoop.io.Text;

import tabulo.storage.ScanSpec;
import tabulo.storage.Store;
import tabulo.storage.TableWriter;

/**
 * Which units of a kernel whose output sums partial products have begun and finished, so that a unit
 * is never written twice: one row per unit (named by where it starts), family {@code begun} written
 * before its first write, {@code done} (its last row and figures) once its output is durable.
 */
final class UnitJournal {
  /** What an earlier attempt left for a unit. */
  record Attempt(boolean done, byte[] lastRow, long work, long entriesRead, long entriesWritten) {}

  private static final Text BEGUN = new Text("begun");
  private static final Text DONE = new Text("done");
  private static final Text LAST_ROW = new Text("lastRow");
  private static final Text FIGURES = new Text("figures");

  private final Store store;
  private final String table;

  UnitJournal(Store store, String table) {
    this.store = store;
    this.table = table;
  }

  /** The record of the unit, or null if no attempt began it. */
  Attempt lookup(byte[] unit) {
    List<Entry<Key, Value>> cells = store.scanAll(table, ScanSpec.all().range(Range.exact(new Text(unit))));
    boolean begun = false;
    byte[] lastRow = null;
    long pp = 0;
    long read = 0;
    long written = 0;
    for (Entry<Key, Value> c : cells) {
      Text family = c.getKey().getColumnFamily();
      if (family.equals(BEGUN)) {
        begun = true;
      } else if (family.equals(DONE) && c.getKey().getColumnQualifier().equals(LAST_ROW)) {
        lastRow = c.getValue().get();
      } else if (family.equals(DONE) && c.getKey().getColumnQualifier().equals(FIGURES)) {
        String[] f = new String(c.getValue().get(), StandardCharsets.UTF_8).split(" ");
        pp = Long.parseLong(f[0]);
        read = Long.parseLong(f[1]);
        written = Long.parseLong(f[2]);
      }
    }
    if (lastRow != null) {
      return new Attempt(true, lastRow, pp, read, written);
    }
    return begun ? new Attempt(false, null, 0, 0, 0) : null;
  }

  void begun(byte[] unit) {
    Mutation m = new Mutation(unit);
    m.put(BEGUN, new Text(), new Value(new byte[0]));
    write(m);
  }

  void done(byte[] unit, byte[] lastRow, long work, long entriesRead, long entriesWritten) {
    Mutation m = new Mutation(unit);
    m.put(DONE, LAST_ROW, new Value(lastRow));
    m.put(DONE, FIGURES, new Value((work + " " + entriesRead + " " + entriesWritten).getBytes(StandardCharsets.UTF_8)));
    write(m);
  }

  private void write(Mutation m) {
    try (TableWriter w = store.writer(table)) {
      w.addMutation(m);
    }
  }
}
