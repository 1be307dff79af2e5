package tabulo.ops;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.security.Authorizations;

import tabulo.kernel.KernelCounters;
import tabulo.kernel.KernelHost;
import tabulo.kernel.KernelPlan;
import tabulo.kernel.LocalKernels;
import tabulo.kernel.Scans;
import tabulo.kernel.Ticker;
import tabulo.math.ValueCodec;
import tabulo.storage.Store;
import tabulo.storage.TableNames;
import tabulo.storage.TableSettings;
import tabulo.storage.TabuloException;

/**
 * Operations on the tables of one store: the authorizations and codec they read with, where their kernels
 * run, and the workspace their temporaries live in (deleted when the session closes, or by the next
 * session after a crash). Matrices are handles on tables of this session: {@code session.matrix("A")}.
 */
public final class Session implements AutoCloseable {
  final Store store;
  private Authorizations auths;
  private ValueCodec codec = ValueCodec.named("decimal");
  private boolean nextToData = true;
  private int workers = 2;
  private boolean inMemory = true;
  private boolean inMemoryFromAfar;
  private int unitEntries; // 0: the host's default
  private LongConsumer progress = done -> {};
  private Consumer<KernelCounters> runEnded = counters -> {};
  private BooleanSupplier cancelled = () -> false;
  private final Map<String, Workspace> workspaces = new LinkedHashMap<>();
  private final java.util.Deque<Scope> scopes = new java.util.ArrayDeque<>(); // open scopes, innermost first

  private Session(Store store) {
    this.store = store;
  }

  public static Session open(Store store) {
    return new Session(store);
  }

  /** Read with these authorizations (default: all of the user's). */
  public Session auths(Authorizations a) {
    this.auths = a;
    return this;
  }

  /** How values are stored (default: decimal strings). */
  public Session codec(ValueCodec c) {
    this.codec = c;
    return this;
  }

  /** Run kernels inside the store's servers when it has them (default), or in this process. */
  public Session nextToData(boolean n) {
    this.nextToData = n;
    return this;
  }

  /**
   * Whether graph algorithms may hold a graph in this process's memory when the kernels run next to the
   * data here (default), or must compute in tables (as they do inside tablet servers).
   */
  public Session inMemory(boolean m) {
    this.inMemory = m;
    return this;
  }

  /**
   * Whether graph algorithms may hold a graph in this process's memory also where the data lives in servers
   * (Accumulo): read once from the tables, then computed here (default false: there every round computes
   * in tables, next to the data). LDBC Graphalytics' driver asks for it, as the benchmark loads a graph
   * once and then processes it.
   */
  public Session inMemoryFromAfar(boolean m) {
    this.inMemoryFromAfar = m;
    return this;
  }

  /**
   * Whether an algorithm may hold a graph's arrays in this process: allowed, and the kernels run here (or
   * the graph may be read from afar).
   */
  public boolean holdsGraphsInMemory() {
    return inMemory && (inMemoryFromAfar || host().inThisProcess());
  }

  public Session workers(int n) {
    this.workers = n;
    return this;
  }

  /** Driver entries per kernel unit (what a restarted kernel may redo). */
  public Session unitEntries(int n) {
    this.unitEntries = n;
    return this;
  }

  /** Hears the cells computed so far, a few times a second while an operation runs. */
  public Session progress(LongConsumer p) {
    this.progress = p;
    return this;
  }

  /** Hears each kernel run's counters when it ends (a command says how many cells it wrote). */
  public Session onRunEnd(Consumer<KernelCounters> listener) {
    this.runEnded = listener;
    return this;
  }

  /**
   * Asked before and after every kernel run: once it says true, the run stops the operation with an error
   * (a finished run's result is not published), and closing the session deletes the temporaries (Ctrl-C
   * from Python).
   */
  public Session cancelled(BooleanSupplier c) {
    this.cancelled = c;
    return this;
  }

  public Store store() {
    return store;
  }

  public Authorizations auths() {
    if (auths == null) {
      auths = store.authorizations(store.user());
    }
    return auths;
  }

  public ValueCodec codec() {
    return codec;
  }

  public int workers() {
    return workers;
  }

  /** Driver entries per kernel unit: as set, else the host's default ({@link KernelHost#defaultUnitEntries}). */
  public int unitEntries() {
    return unitEntries > 0 ? unitEntries : host().defaultUnitEntries();
  }

  /** Where this session's kernels run. */
  public KernelHost host() {
    return LocalKernels.of(store, nextToData);
  }

  /** Whether kernels run inside the store's servers when it has them. */
  public boolean nextToData() {
    return nextToData;
  }

  /** The matrix stored in {@code table}, which must exist. */
  public Matrix matrix(String table) {
    if (!store.exists(table)) {
      throw new TabuloException("no such table: " + table);
    }
    return new Matrix(this, table, null);
  }

  /** The workspace for temporaries near {@code table} (renames stay within a namespace). */
  public Workspace workspace(String nearTable) {
    return workspaces.computeIfAbsent(TableNames.namespacePrefix(nearTable), ns -> Workspace.open(store, nearTable));
  }

  /** Runs a plan's kernels over every tablet of its driver; returns what they did. */
  public KernelCounters run(KernelPlan plan) {
    return run(plan, counters -> progress.accept(counters.work.get()));
  }

  /**
   * As {@link #run(KernelPlan)}, with {@code tick} hearing the counters a few times a second instead of the
   * session's progress (a multiply reports partial products and the fraction of its input read).
   */
  public KernelCounters run(KernelPlan plan, Consumer<KernelCounters> tick) {
    checkCancelled();
    KernelHost host = host();
    KernelCounters counters = new KernelCounters();
    List<Range> tablets = Scans.tablets(store, plan.driverTable());
    // a temporary like any other: recorded (cleared if this process dies), emptied and reused after the run
    Workspace ws = host.journalsUnits() && plan.outputCombines() ? workspace(plan.outputs().get(0)) : null;
    String journal = ws == null ? null : ws.create("journal", TableSettings.defaults());
    try (Ticker t = new Ticker(() -> tick.accept(counters))) {
      host.run(plan, journal, tablets, counters);
    } finally {
      if (journal != null) {
        ws.release(journal);
      }
    }
    runEnded.accept(counters);
    checkCancelled();
    return counters;
  }

  /**
   * Done with a temporary of this session now rather than when the session closes (an iterative algorithm's
   * previous iterate); refuses a matrix that is not one. Its handle must not be used again: a host may
   * empty its table and give it to the session's next temporary.
   */
  public void release(Matrix m) {
    if (!releaseIfTemporary(m)) {
      throw new IllegalArgumentException("not a temporary of this session: " + m.table());
    }
  }

  /** Opens a scope: the temporaries made until it closes are released then, but those it keeps. */
  public Scope scope() {
    Scope s = new Scope(this);
    scopes.push(s);
    return s;
  }

  /** A temporary was made: the innermost open scope releases it. */
  void madeTemporary(String table) {
    Scope s = scopes.peek();
    if (s != null) {
      s.made(table);
    }
  }

  /** Closes {@code s}, the innermost scope; returns the one that encloses it (null: none). */
  Scope endScope(Scope s) {
    if (scopes.peek() != s) {
      throw new IllegalStateException("scopes close in the reverse order of opening");
    }
    scopes.pop();
    return scopes.peek();
  }

  /** As {@link #release}, but a matrix that is not (or no longer) a temporary is left alone: false. */
  public boolean releaseIfTemporary(Matrix m) {
    for (Workspace w : workspaces.values()) {
      if (w.release(m.table())) {
        return true;
      }
    }
    return false;
  }

  /** Hears {@code cells} done so far from work that runs no kernel (an algorithm over arrays held here). */
  public void tellProgress(long cells) {
    progress.accept(cells);
  }

  /** Tells the run-end listener what work that runs no kernel did, as a kernel run's counters would. */
  public void tellRunEnded(KernelCounters counters) {
    runEnded.accept(counters);
  }

  /** Stops with an error once the session is cancelled: work that runs no kernel asks now and then. */
  public void checkCancelled() {
    if (cancelled.getAsBoolean()) {
      throw new TabuloException("cancelled");
    }
  }

  /** Deletes the session's temporaries (a result kept by name was renamed away first). */
  @Override
  public void close() {
    RuntimeException first = null;
    for (Workspace w : workspaces.values()) {
      try {
        w.close();
      } catch (RuntimeException e) {
        first = first == null ? e : first;
      }
    }
    workspaces.clear();
    try {
      store.finishDiscards(); // the temporaries are gone when the session is
    } catch (RuntimeException e) {
      first = first == null ? e : first;
    }
    if (first != null) {
      throw first;
    }
  }
}
