package tabulo.kernel;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;

import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;

import tabulo.iterators.ColumnSpecFilter;
import tabulo.select.KeySpec;
import tabulo.storage.ScanSpec;
import tabulo.storage.Store;

/** Scan specifications for kernels: row selections clipped to one tablet, column selections done server-side. */
public final class Scans {
  /** Above a table's own iterators, so columns are selected from final values. */
  public static final int COLUMN_FILTER_PRIORITY = 1000;

  private Scans() {}

  /** The row ranges of {@code rows} inside {@code within}; empty when they do not meet. */
  public static List<Range> clip(KeySpec rows, Range within) {
    return clip(rows.rowRanges(), within);
  }

  /**
   * The parts of {@code ranges} inside {@code within}, none empty: a tablet server refuses to scan an
   * empty range such as [k\0, k\0) (a union's span after a tablet's last row, a kernel resumed there).
   */
  public static List<Range> clip(List<Range> ranges, Range within) {
    List<Range> out = new ArrayList<>();
    if (isEmpty(within)) {
      return out;
    }
    for (Range r : ranges) {
      Range c = within.clip(r, true);
      if (c != null && !isEmpty(c)) {
        out.add(c);
      }
    }
    return out;
  }

  /** Whether no key lies in {@code r}. */
  public static boolean isEmpty(Range r) {
    if (r.isInfiniteStartKey() || r.isInfiniteStopKey()) {
      return false;
    }
    int c = r.getStartKey().compareTo(r.getEndKey());
    return c > 0 || c == 0 && !(r.isStartKeyInclusive() && r.isEndKeyInclusive());
  }

  public static ScanSpec spec(List<Range> ranges, KeySpec columns, Authorizations auths) {
    ScanSpec spec = ScanSpec.all().ranges(ranges).auths(auths);
    columnFilters(columns).forEach(spec::iterator);
    return spec;
  }

  /** The scan iterators that select {@code columns}: none when it is every column. */
  public static List<IteratorSetting> columnFilters(KeySpec columns) {
    if (columns.isAll()) {
      return List.of();
    }
    IteratorSetting filter = new IteratorSetting(COLUMN_FILTER_PRIORITY, "tabulo-cols", ColumnSpecFilter.class);
    ColumnSpecFilter.setSpec(filter, columns.toString());
    return List.of(filter);
  }

  /** The row range of each tablet of a table, in order. */
  public static List<Range> tablets(Store store, String table) {
    SortedSet<String> splits = store.splits(table);
    List<Text> ends = new ArrayList<>(splits.size());
    splits.forEach(s -> ends.add(new Text(s)));
    return cutAt(ends);
  }

  /** The rows cut at {@code ends} (sorted, distinct), as tablets are: (-inf, e1], (e1, e2], ..., (en, +inf). */
  public static List<Range> cutAt(List<Text> ends) {
    List<Range> out = new ArrayList<>(ends.size() + 1);
    Text prev = null;
    for (Text end : ends) {
      out.add(new Range(prev, false, end, true));
      prev = end;
    }
    out.add(new Range(prev, false, null, true));
    return out;
  }
}
