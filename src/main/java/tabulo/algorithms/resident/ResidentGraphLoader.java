package tabulo.algorithms.resident;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.accumulo.core.data.Range;

import tabulo.kernel.KeyDictionary;
import tabulo.kernel.Pieces;
import tabulo.kernel.Scans;
import tabulo.kernel.Tasks;
import tabulo.math.ValueCodec;
import tabulo.math.ValueFormatException;
import tabulo.ops.Session;
import tabulo.rfile.CellFields;
import tabulo.select.KeySpec;
import tabulo.storage.Scan;
import tabulo.storage.ScanSpec;

/**
 * Reads a graph table into a {@link ResidentGraph}: the table cut at rows into pieces (its tablets, cut
 * further at rows sampled from its files), each read on one of the session's workers into its own rows,
 * edges and dictionary of column keys; then every key is numbered once, in key order, and each piece's
 * edges renumbered into one CSR. A row lies in one piece, and the pieces are in key order, so the rows
 * come sorted; the keys seen only as columns are sorted apart and merged in.
 */
final class ResidentGraphLoader {
  private ResidentGraphLoader() {}

  /**
   * The graph, or null when a visible cell is labelled or there are more than {@code maxEdges} cells; with
   * {@code values} each edge's value too, read by the session's codec (NaN where it cannot read one).
   */
  static ResidentGraph load(Session s, String table, long maxEdges, boolean values) {
    List<Range> ranges = Pieces.of(s.store(), table, KeySpec.all(), s.workers(), Scans.tablets(s.store(), table));
    Shared shared = new Shared(s, maxEdges, values ? s.codec() : null);
    List<Piece> pieces = new ArrayList<>();
    while (pieces.size() < ranges.size()) {
      pieces.add(new Piece(shared));
    }
    List<Runnable> reads = new ArrayList<>();
    for (int i = 0; i < ranges.size(); i++) {
      Range r = ranges.get(i);
      Piece p = pieces.get(i);
      reads.add(() -> read(s, table, r, p));
    }
    Tasks.runAll(s.workers(), "tabulo-graph-load", reads);
    long edges = pieces.stream().mapToLong(p -> p.edges).sum(); // the shared count lags by up to a batch a piece
    return shared.refused.get() || edges > maxEdges ? null : number(pieces);
  }

  private static void read(Session s, String table, Range range, Piece piece) {
    if (piece.shared.refused.get()) {
      return;
    }
    try (Scan scan = s.store().scan(table, ScanSpec.all().range(range).auths(s.auths()))) {
      scan.forEachCell(piece::accept);
    }
    piece.numberPending();
  }

  /** Numbers every key in key order and renumbers the pieces' edges into one CSR. */
  private static ResidentGraph number(List<Piece> pieces) {
    int distinct = 0;
    int rowCount = 0;
    long edgeCount = 0;
    for (Piece p : pieces) {
      distinct += p.columns.size();
      rowCount += p.rowCount;
      edgeCount += p.edges;
    }
    KeyDictionary all = new KeyDictionary(distinct + rowCount);
    List<int[]> global = new ArrayList<>(); // per piece: its column number -> number in `all`
    for (Piece p : pieces) {
      int[] g = new int[p.columns.size()];
      for (int j = 0; j < g.length; j++) {
        g[j] = all.add(p.columns.key(j));
      }
      global.add(g);
    }
    byte[][] rows = new byte[rowCount][];
    int[] degrees = new int[rowCount];
    int[] rowNumbers = new int[rowCount];
    int r = 0;
    for (Piece p : pieces) {
      for (int i = 0; i < p.rowCount; i++, r++) {
        rows[r] = p.rows[i];
        degrees[r] = p.rowEnds[i] - (i == 0 ? 0 : p.rowEnds[i - 1]);
        rowNumbers[r] = all.add(rows[r]);
      }
    }
    int numbered = all.size();
    boolean[] isRow = new boolean[numbered];
    for (int number : rowNumbers) {
      isRow[number] = true;
    }
    Integer[] columnOnly = new Integer[numbered - rowCount];
    for (int i = 0, k = 0; i < numbered; i++) {
      if (!isRow[i]) {
        columnOnly[k++] = i;
      }
    }
    Arrays.sort(columnOnly, (a, b) -> Arrays.compareUnsigned(all.key(a), all.key(b)));
    byte[][] keys = new byte[numbered][];
    int[] id = new int[numbered]; // number in `all` -> vertex id
    int[] offsets = new int[numbered + 1];
    r = 0;
    int k = 0;
    for (int v = 0; v < numbered; v++) {
      if (k == columnOnly.length || r < rowCount && Arrays.compareUnsigned(rows[r], all.key(columnOnly[k])) < 0) {
        keys[v] = rows[r];
        id[rowNumbers[r]] = v;
        offsets[v + 1] = offsets[v] + degrees[r++];
      } else {
        keys[v] = all.key(columnOnly[k]);
        id[columnOnly[k++]] = v;
        offsets[v + 1] = offsets[v]; // a vertex only seen as a column has no out-edge
      }
    }
    int[] targets = new int[(int) edgeCount];
    double[] weights = pieces.isEmpty() || pieces.get(0).shared.codec == null ? null : new double[(int) edgeCount];
    int e = 0;
    for (int i = 0; i < pieces.size(); i++) { // pieces in key order, a piece's rows in key order: ids ascend
      Piece p = pieces.get(i);
      int[] g = global.get(i);
      if (weights != null) {
        System.arraycopy(p.edgeValues, 0, weights, e, p.edges);
      }
      for (int j = 0; j < p.edges; j++) {
        targets[e++] = id[g[p.edgeColumns[j]]];
      }
    }
    return new ResidentGraph(keys, offsets, targets, weights);
  }

  /** What the pieces share: the edge bound, the codec (null: no values), whether to give up, progress and cancellation. */
  private static final class Shared {
    final Session session;
    final long maxEdges;
    final ValueCodec codec;
    final AtomicLong edges = new AtomicLong();
    final AtomicBoolean refused = new AtomicBoolean();

    Shared(Session session, long maxEdges, ValueCodec codec) {
      this.session = session;
      this.maxEdges = maxEdges;
      this.codec = codec;
    }

    /** Counts {@code n} more edges; false (and every piece stops) past the bound. */
    boolean add(int n) {
      long total = edges.addAndGet(n);
      if (total > maxEdges || total > Integer.MAX_VALUE - 8) {
        refused.set(true);
        return false;
      }
      synchronized (this) { // a progress line is drawn by one thread at a time
        session.tellProgress(total);
      }
      session.checkCancelled();
      return !refused.get();
    }
  }

  /**
   * One piece's cells: its rows in order, each edge's column numbered by first sight in its dictionary, a
   * batch of columns at a time ({@link KeyDictionary#addAll}: a large dictionary's cache misses overlap).
   */
  private static final class Piece {
    private static final int BATCH = 1 << 16; // edges between checks of the shared bound
    private static final int LOOKUPS = 256; // columns numbered together
    final Shared shared;
    final KeyDictionary columns = new KeyDictionary(1 << 12);
    byte[][] rows = new byte[1 << 8][];
    int[] rowEnds = new int[1 << 8]; // the piece's edges up to the end of each row
    int rowCount;
    int[] edgeColumns = new int[1 << 12];
    double[] edgeValues; // with the values: beside edgeColumns
    int edges;
    private byte[] columnBuffer = new byte[64];
    private byte[] pending = new byte[LOOKUPS * 16]; // the columns not numbered yet, one after another
    private final int[] pendingEnds = new int[LOOKUPS];
    private final int[] pendingNumbers = new int[LOOKUPS];
    private int pendingCount;
    private int pendingFirst; // the edge of the first held column

    Piece(Shared shared) {
      this.shared = shared;
      this.edgeValues = shared.codec == null ? null : new double[edgeColumns.length];
    }

    boolean accept(CellFields c) {
      if (c.visibilityLength() > 0) { // a result must carry its sources' labels: the table kernels do that
        shared.refused.set(true);
        return false;
      }
      if ((edges + 1) % BATCH == 0 && !shared.add(BATCH)) {
        return false;
      }
      if (rowCount == 0 || !Arrays.equals(rows[rowCount - 1], 0, rows[rowCount - 1].length, c.row(), 0,
          c.rowLength())) {
        if (rowCount == rows.length) {
          rows = Arrays.copyOf(rows, 2 * rowCount);
          rowEnds = Arrays.copyOf(rowEnds, 2 * rowCount);
        }
        rows[rowCount++] = Arrays.copyOf(c.row(), c.rowLength());
      }
      if (edges == edgeColumns.length) {
        edgeColumns = Arrays.copyOf(edgeColumns, (int) Math.min(2L * edges, Integer.MAX_VALUE - 8));
        if (edgeValues != null) {
          edgeValues = Arrays.copyOf(edgeValues, edgeColumns.length);
        }
      }
      if (edgeValues != null) {
        edgeValues[edges] = value(c);
      }
      if (c.familyLength() == 0) {
        addPending(c.qualifier(), c.qualifierLength());
      } else {
        addPending(familyColumn(c), c.familyLength() + 1 + c.qualifierLength());
      }
      edges++;
      rowEnds[rowCount - 1] = edges;
      return true;
    }

    /** Holds edge {@link #edges}'s column key until its batch is numbered. */
    private void addPending(byte[] key, int length) {
      int start = 0;
      if (pendingCount == 0) {
        pendingFirst = edges;
      } else {
        start = pendingEnds[pendingCount - 1];
      }
      if (pending.length < start + length) {
        pending = Arrays.copyOf(pending, 2 * (start + length));
      }
      System.arraycopy(key, 0, pending, start, length);
      pendingEnds[pendingCount++] = start + length;
      if (pendingCount == LOOKUPS) {
        numberPending();
      }
    }

    /** Numbers the held columns into {@link #edgeColumns}. */
    void numberPending() {
      columns.addAll(pending, pendingEnds, pendingCount, pendingNumbers);
      System.arraycopy(pendingNumbers, 0, edgeColumns, pendingFirst, pendingCount);
      pendingCount = 0;
    }

    /** The cell's value as the codec reads it; NaN when it cannot (the algorithm then decides). */
    private double value(CellFields c) {
      try {
        return shared.codec.decode(c.value(), c.valueOffset(), c.valueLength());
      } catch (ValueFormatException e) {
        return Double.NaN;
      }
    }

    /** The column key family:qualifier (as {@code Columns.key}) in a reused buffer. */
    private byte[] familyColumn(CellFields c) {
      int n = c.familyLength() + 1 + c.qualifierLength();
      if (columnBuffer.length < n) {
        columnBuffer = new byte[2 * n];
      }
      System.arraycopy(c.family(), 0, columnBuffer, 0, c.familyLength());
      columnBuffer[c.familyLength()] = ':';
      System.arraycopy(c.qualifier(), 0, columnBuffer, c.familyLength() + 1, c.qualifierLength());
      return columnBuffer;
    }
  }
}
