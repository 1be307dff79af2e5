package tabulo.kernel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.PartialKey;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;

import tabulo.math.ValueCodec;
import tabulo.select.KeySpec;
import tabulo.storage.Scan;
import tabulo.storage.ScanSpec;
import tabulo.storage.SortingLoader;
import tabulo.storage.Store;

/**
 * The streaming kernel: walks the row keys of its inputs in key order and hands each key's rows (null
 * where an input lacks the row) to a {@link RowOp}, which writes cells to the outputs. Element-wise add
 * and multiply, apply, select, reduce, extract, transpose and assign are each a RowOp over it.
 *
 * <p>Input 0 drives: the host walks its tablets and the run reads its rows from the host (the tablet's
 * own data in a tablet server). Other inputs are scanned over the same row spans. An input that
 * {@link Input#drives} has its rows visited even where the driver has none (a union); one that does not
 * is only consulted on the driver's rows (a mask, an intersection).
 *
 * <p>A unit is about {@code unitEntries} driver entries, visited as they are read (no row is held beyond
 * the one being visited); it covers the rows after the previous unit up to its last driver row, and the
 * last unit of a tablet runs on to the tablet's end for the driving inputs (in pieces of about
 * {@code unitEntries}). Each unit's output is
 * durable when {@link TabletRun#step} returns the last row it covered, so a host may resume after it.
 */
public final class RowStream implements TabletKernel {
  /**
   * One input: its table, the rows and columns read (D4M selections), whether its rows drive, and the one
   * column family it reads (null: all), fetched so that a table with locality groups reads only its group.
   */
  public record Input(String table, KeySpec rows, KeySpec cols, boolean drives, boolean structureOnly,
      String family) {
    public static Input of(String table) {
      return new Input(table, KeySpec.all(), KeySpec.all(), true, false, null);
    }

    public Input rows(KeySpec r) {
      return new Input(table, r, cols, drives, structureOnly, family);
    }

    public Input cols(KeySpec c) {
      return new Input(table, rows, c, drives, structureOnly, family);
    }

    /** Only consulted on the rows of inputs that drive. */
    public Input consulted() {
      return new Input(table, rows, cols, false, structureOnly, family);
    }

    /** Values are not read (each counts as 1): for a structural mask. */
    public Input structure() {
      return new Input(table, rows, cols, drives, true, family);
    }

    /** Only the cells of column family {@code f}. */
    public Input family(String f) {
      return new Input(table, rows, cols, drives, structureOnly, f);
    }

    /** The scan of {@code ranges} of this input. */
    ScanSpec spec(List<Range> ranges, Authorizations auths) {
      ScanSpec spec = Scans.spec(ranges, cols, auths);
      return family == null ? spec : spec.fetch(family);
    }
  }

  /** What a stream does with each row key; one instance per tablet run, so it may keep state. */
  public interface RowOp {
    /** {@code rows[i]} is input i's row (reused after the call returns), or null. */
    void row(byte[] row, MatrixRow[] rows, Output out);

    /** Called when a unit's rows are done, before its output is made durable (for per-unit partial sums). */
    default void unitEnd(Output out) {}
  }

  /** Where a RowOp writes: output tables by number. */
  public interface Output {
    void put(int output, byte[] row, byte[] family, byte[] qualifier, byte[] visibility, byte[] value);
  }

  private final Store store;
  private final List<Input> inputs;
  private final List<String> outputs;
  private final ValueCodec codec;
  private final Authorizations auths;
  private final int unitEntries;
  private final Supplier<RowOp> ops;
  private final boolean rowOrdered;
  private final int mask; // input number of output 0's mask, or -1
  private final boolean maskComplement;
  private final KernelCounters counters;

  public RowStream(Store store, StreamPlan plan, Supplier<RowOp> ops, KernelCounters counters) {
    this.store = store;
    this.inputs = plan.streamInputs();
    this.outputs = plan.outputs();
    this.codec = plan.codec();
    this.auths = plan.auths();
    this.unitEntries = plan.unitEntries();
    this.ops = ops;
    this.counters = counters;
    this.rowOrdered = plan.emitsInRowOrder();
    this.mask = plan.settings().mask();
    this.maskComplement = plan.settings().maskComplement();
  }

  @Override
  public TabletRun start(Range range, DriverRows driver) {
    List<Range> ranges = Scans.clip(inputs.get(0).rows(), range);
    Scan ds = ranges.isEmpty() ? null : driver.open(ranges);
    RowReader reader = ds == null ? null : reader(inputs.get(0), ds);
    boolean othersDrive = inputs.stream().skip(1).anyMatch(Input::drives);
    RowOp op = ops.get();
    return new TabletRun() {
      private Key spanStart = range.getStartKey(); // exclusive after the first unit
      private boolean spanStartInclusive = range.isStartKeyInclusive();
      private boolean driverDone = reader == null;
      private MatrixRow pending; // a driver row read past a unit's end

      @Override
      public byte[] step(Runnable beforeWriting) {
        if (inputs.size() == 1) {
          return driverDone ? null : streamUnit(beforeWriting);
        }
        if (driverDone && !othersDrive) {
          close();
          return null;
        }
        // the other inputs are read from the unit's start on to the tablet's end; the unit stops at a row
        Range span = new Range(spanStart, spanStartInclusive, range.getEndKey(), range.isEndKeyInclusive());
        byte[] last = Scans.isEmpty(span) ? null : merge(span, beforeWriting);
        if (last == null) {
          close();
          return null;
        }
        spanStart = new Key(new Text(last)).followingKey(PartialKey.ROW);
        spanStartInclusive = true;
        return last;
      }

      /**
       * Visits, in key order, the driver's rows and, within {@code span}, the other inputs' rows, writing
       * the unit's output as it goes; returns the last row visited (null when none). The unit ends after
       * the driver row that brings its entries to about {@code unitEntries}, or, once the driver is done,
       * after about {@code unitEntries} entries of the other driving inputs, at a row boundary. No row is
       * held beyond the one being visited: the rows a unit covers are exactly those up to the one returned.
       */
      private byte[] merge(Range span, Runnable beforeWriting) {
        int n = inputs.size();
        List<Scan> scans = new ArrayList<>();
        RowReader[] readers = new RowReader[n];
        MatrixRow[] current = new MatrixRow[n];
        LoaderOutput loaders = new LoaderOutput();
        MaskedOutput masked = mask < 0 ? null : new MaskedOutput(loaders, new MaskFilter(maskComplement));
        Output out = masked == null ? loaders : masked;
        byte[] last = null;
        try {
          for (int i = 1; i < n; i++) {
            Input in = inputs.get(i);
            List<Range> rs = Scans.clip(in.rows().rowRanges(), span);
            if (!rs.isEmpty()) {
              Scan s = store.scan(in.table(), in.spec(rs, auths));
              scans.add(s);
              readers[i] = reader(in, s);
              current[i] = readers[i].next();
            }
          }
          MatrixRow d = driverDone ? null : pending != null ? pending : reader.next();
          pending = null;
          driverDone = d == null;
          MatrixRow[] rows = new MatrixRow[n];
          long driverEntries = 0;
          long otherEntries = 0;
          while (true) {
            byte[] key = d == null ? null : d.row;
            for (int i = 1; i < n; i++) {
              if (current[i] != null && inputs.get(i).drives() && (key == null || less(current[i].row, key))) {
                key = current[i].row;
              }
            }
            if (key == null || (d == null && otherEntries >= unitEntries)) {
              break;
            }
            Arrays.fill(rows, null);
            if (d != null && Arrays.equals(d.row, key)) {
              rows[0] = d;
            }
            for (int i = 1; i < n; i++) {
              while (current[i] != null && less(current[i].row, key)) {
                current[i] = readers[i].next(); // rows no driving input has
              }
              if (current[i] != null && Arrays.equals(current[i].row, key)) {
                rows[i] = current[i];
                if (rows[0] == null) {
                  otherEntries += current[i].size;
                }
              }
            }
            key = key.clone();
            if (masked != null) {
              masked.maskRow = rows[mask];
            }
            if (last == null) {
              beforeWriting.run();
            }
            op.row(key, rows, out);
            last = key;
            for (int i = 1; i < n; i++) {
              if (rows[i] != null) {
                current[i] = readers[i].next();
              }
            }
            if (rows[0] != null) {
              driverEntries += d.size;
              d = reader.next();
              driverDone = d == null;
              if (d != null && driverEntries >= unitEntries) {
                pending = d; // the reader keeps this row until its next call, in the next unit
                break;
              }
            }
          }
          op.unitEnd(out);
          loaders.close(); // durable before the unit is reported
        } finally {
          loaders.abandon();
          scans.forEach(Scan::close);
        }
        return last;
      }

      /**
       * The driver is the only input: no other input needs the unit's span, so its rows go to the
       * operation as they are read, none copied or held.
       */
      private byte[] streamUnit(Runnable beforeWriting) {
        MatrixRow r = reader.next();
        if (r == null) {
          driverDone = true;
          close();
          return null;
        }
        beforeWriting.run();
        LoaderOutput loaders = new LoaderOutput();
        MatrixRow[] rows = new MatrixRow[1];
        byte[] last = null;
        long read = 0;
        try {
          while (r != null) {
            rows[0] = r;
            last = r.row; // a fresh array per row: the operation may keep it
            op.row(last, rows, loaders);
            read += r.size;
            r = read < unitEntries ? reader.next() : null;
          }
          op.unitEnd(loaders);
          loaders.close(); // durable before the unit is reported
        } finally {
          loaders.abandon();
        }
        return last;
      }

      @Override
      public void close() {
        if (ds != null) {
          ds.close();
        }
      }
    };
  }

  private RowReader reader(Input in, Scan scan) {
    return RowReader.inPlace(in.table(), scan, in.structureOnly() ? null : codec, counters.entriesRead);
  }

  private static boolean less(byte[] a, byte[] b) {
    return Arrays.compareUnsigned(a, b) < 0;
  }

  /**
   * One loader per output, opened on first use: cells straight to a bulk load when the plan emits them
   * in row order, else sorted in chunks.
   */
  private final class LoaderOutput implements Output {
    private final SortingLoader[] sorting = new SortingLoader[outputs.size()];
    private final RowOrderedLoader[] ordered = new RowOrderedLoader[outputs.size()];
    private long written;

    @Override
    public void put(int output, byte[] row, byte[] family, byte[] qualifier, byte[] visibility, byte[] value) {
      if (rowOrdered) {
        RowOrderedLoader l = ordered[output];
        if (l == null) {
          l = ordered[output] = new RowOrderedLoader(store, outputs.get(output));
        }
        l.put(row, family, qualifier, visibility, value);
      } else {
        SortingLoader l = sorting[output];
        if (l == null) {
          l = sorting[output] = SortingLoader.publishedAtClose(store, outputs.get(output), CHUNK);
        }
        l.put(row, family, qualifier, visibility, value);
      }
      written++;
    }

    void close() {
      for (int i = 0; i < outputs.size(); i++) {
        if (sorting[i] != null) {
          sorting[i].close();
          sorting[i] = null;
        }
        if (ordered[i] != null) {
          ordered[i].close();
          ordered[i] = null;
        }
      }
      counters.work.addAndGet(written);
      counters.entriesWritten.addAndGet(written);
    }

    /** After a failure: drops what was buffered (a staging output is discarded whole anyway). */
    void abandon() {
      for (int i = 0; i < outputs.size(); i++) {
        if (ordered[i] != null) {
          ordered[i].abort();
        }
        if (sorting[i] != null) {
          sorting[i].abort();
        }
      }
      Arrays.fill(sorting, null);
      Arrays.fill(ordered, null);
    }
  }

  /** Writes output 0's cells only where the current row of the mask admits them. */
  private static final class MaskedOutput implements Output {
    private final Output out;
    private final MaskFilter filter;
    MatrixRow maskRow;

    MaskedOutput(Output out, MaskFilter filter) {
      this.out = out;
      this.filter = filter;
    }

    @Override
    public void put(int output, byte[] row, byte[] family, byte[] qualifier, byte[] visibility, byte[] value) {
      if (output != 0) {
        out.put(output, row, family, qualifier, visibility, value);
        return;
      }
      byte[] label = filter.admit(maskRow, family, qualifier, visibility);
      if (label != null) {
        out.put(0, row, family, qualifier, label, value);
      }
    }
  }

  /**
   * Cells per sorted run: bounds memory per tablet run (about 15 MB of packed cells for Graph500 keys;
   * measured a little faster than one run of a whole 1,000,000-entry unit). A unit's runs are published
   * together, in one commit.
   */
  private static final int CHUNK = 400_000;
}
