package tabulo.accumulo;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.client.admin.Locations;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.TabletId;
import org.apache.hadoop.io.Text;

import tabulo.kernel.Sites;
import tabulo.storage.TabuloException;

/**
 * Sites from Accumulo's own tablet locations ({@code TableOperations.locate}, which reads the metadata
 * table): the run's server is the one hosting the driver tablet it runs on (inside a tablet server, the
 * server itself), and a row of another table is remote when the tablet holding it is hosted elsewhere.
 * Locations are read once per table per run (a run lasts one unit on Accumulo: a tablet moving between
 * units is seen by the next unit).
 */
final class TabletSites implements Sites {
  private final AccumuloClient client;
  private final String driverTable;
  private final Range driverRange;
  private final Map<String, RemoteRows> tables = new ConcurrentHashMap<>();
  private volatile String here;

  TabletSites(AccumuloClient client, String driverTable, Range driverRange) {
    this.client = client;
    this.driverTable = driverTable;
    this.driverRange = driverRange;
  }

  @Override
  public RemoteRows of(String table) {
    return tables.computeIfAbsent(table, this::locate);
  }

  private RemoteRows locate(String table) {
    String server = here();
    TreeMap<Text, String> byEndRow = new TreeMap<>(); // the last tablet (no end row) is kept apart
    String[] last = new String[1];
    Locations where = locations(table, new Range());
    for (TabletId t : where.groupByTablet().keySet()) {
      String location = where.getTabletLocation(t);
      if (t.getEndRow() == null) {
        last[0] = location;
      } else {
        byEndRow.put(t.getEndRow(), location);
      }
    }
    return row -> {
      Map.Entry<Text, String> e = byEndRow.ceilingEntry(new Text(row)); // a tablet holds rows up to its end row
      String location = e != null ? e.getValue() : last[0];
      return !server.equals(location);
    };
  }

  /** The location of the driver tablet the run works on. */
  private String here() {
    if (here == null) {
      Locations where = locations(driverTable, driverRange);
      // the tablet holding the range's start: the first by end row (a range clipped to a tablet may touch the next)
      TabletId first = where.groupByTablet().keySet().stream()
          .min(java.util.Comparator.comparing(TabletId::getEndRow, java.util.Comparator.nullsLast(
              java.util.Comparator.naturalOrder())))
          .orElseThrow(() -> new TabuloException("no tablet of " + driverTable + " holds " + driverRange));
      here = where.getTabletLocation(first);
    }
    return here;
  }

  private Locations locations(String table, Range range) {
    try {
      return client.tableOperations().locate(table, List.of(range));
    } catch (AccumuloException | AccumuloSecurityException | TableNotFoundException e) {
      throw new TabuloException("cannot locate the tablets of " + table + ": " + AccumuloStore.rootMessage(e), e);
    }
  }
}
