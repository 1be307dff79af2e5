package tabulo.kernel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.hadoop.io.Text;

import tabulo.select.KeySpec;
import tabulo.storage.Store;

/**
 * The ranges a host in this process runs a plan's kernels over: the driver table's tablets, cut further at
 * rows sampled from its files' indexes when fewer tablets than workers hold the rows the plan reads (an
 * embedded table is often one tablet, and an extract of a few rows lies in one), so that every worker has
 * work. Cut at rows, as tablets are: to a kernel each piece is a tablet's range.
 */
public final class Pieces {
  private static final int SAMPLES_PER_WORKER = 64;
  private static final int PIECES_PER_WORKER = 2; // more than one each: pieces of equal bytes differ in work
  private static final int MOST_PIECES_PER_WORKER = 16;

  private Pieces() {}

  static List<Range> of(Store store, KernelPlan plan, List<Range> tablets) {
    if (!plan.tabletsInParallel()) {
      return tablets;
    }
    return of(store, plan.driverTable(), plan.driverRows(), plan.workers(), tablets);
  }

  /** The pieces of {@code table}'s {@code tablets} for {@code workers} reading its {@code rows}. */
  public static List<Range> of(Store store, String table, KeySpec rows, int workers, List<Range> tablets) {
    if (workers < 2) {
      return tablets;
    }
    List<Range> read = rows.rowRanges();
    long busy = tablets.stream().filter(t -> !Scans.clip(read, t).isEmpty()).count();
    if (busy >= workers) {
      return joined(tablets, MOST_PIECES_PER_WORKER * workers);
    }
    List<byte[]> inside = new ArrayList<>();
    for (byte[] row : store.sampleRows(table, SAMPLES_PER_WORKER * workers)) {
      Key k = new Key(new Text(row));
      if (read.stream().anyMatch(r -> r.contains(k))) {
        inside.add(row);
      }
    }
    if (inside.isEmpty()) {
      return tablets;
    }
    int wanted = PIECES_PER_WORKER * workers;
    TreeSet<byte[]> cuts = new TreeSet<>(Arrays::compareUnsigned);
    for (int k = 1; k < wanted; k++) {
      cuts.add(inside.get((int) ((long) k * inside.size() / wanted)));
    }
    for (String split : store.splits(table)) {
      cuts.add(new Text(split).copyBytes());
    }
    List<Text> ends = new ArrayList<>(cuts.size());
    cuts.forEach(c -> ends.add(new Text(c)));
    return Scans.cutAt(ends);
  }

  /**
   * Runs of neighbouring tablets joined into at most {@code most} pieces: a piece has a fixed cost (its
   * kernel's start, its scan, its buffers), so a table of tens of thousands of small tablets is read in
   * a few hundred pieces, not one per tablet.
   */
  static List<Range> joined(List<Range> tablets, int most) {
    int n = tablets.size();
    if (n <= most) {
      return tablets;
    }
    List<Range> out = new ArrayList<>(most);
    for (int k = 0; k < most; k++) {
      Range first = tablets.get((int) ((long) k * n / most));
      Range last = tablets.get((int) ((long) (k + 1) * n / most) - 1);
      out.add(new Range(first.getStartKey(), first.isStartKeyInclusive(), last.getEndKey(),
          last.isEndKeyInclusive()));
    }
    return out;
  }
}
