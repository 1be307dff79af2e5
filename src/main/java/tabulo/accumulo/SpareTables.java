package tabulo.accumulo;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.TableExistsException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Range;

import tabulo.storage.TableNames;
import tabulo.storage.TableSettings;

/**
 * Empty tables, created and hosted ahead of need, so that making a table of one tablet (every small result,
 * every temporary) is one rename instead of a create and a wait for its tablet to be assigned. A rename is
 * a metadata change; a create is a FATE operation and a tablet assignment, several times slower.
 *
 * <p>Spares are named {@code __spare_<owner>_c_<kind>_<random>} in the default namespace. The owner is the
 * user's name in hex: a user takes only their own spares (the creator holds every permission on a table,
 * so a table made by someone else must never hold your result). The kind is a digest of the settings the
 * spare was made with (iterators with their options, versioning, locality groups): a spare is only taken
 * for a table that asks for exactly those settings. Spares of the default settings are kept ready from the
 * first create; spares of another kind once this process has asked for that kind twice. Spares outlive the
 * process: the next command of the same user takes them. A spare is taken by claiming it
 * ({@link SpareClaims}): of two processes racing for one, the loser takes the next. A temporary is a
 * claimed spare under its own name ({@link #claim}); a table of the user's own name is a claimed spare
 * renamed ({@link #takeAs}). At most {@link #TARGET} of each kind are kept. Spares named as before claims
 * existed ({@code __spare_<owner>_<kind>_<random>}, which older versions rename without claiming) are
 * deleted, never taken.
 */
final class SpareTables implements AutoCloseable {
  static final String PREFIX = TableNames.RESERVED_PREFIX + "spare_";
  /** Spares kept ready per user and kind: enough for the temporaries of an algorithm's round. */
  static final int TARGET = 4;
  /** Kinds kept ready at most, the default settings' among them. */
  static final int KINDS = 8;
  private static final SecureRandom RANDOM = new SecureRandom();

  private final TableOpsClient tableOps; // every table operation and listing here, apart from the main client
  private final String ownerPrefix; // every spare of the user, of any version
  private final String ownPrefix; // the user's claimable spares
  private final SpareClaims claims;
  private final ExecutorService maker = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "tabulo-spare-tables");
    t.setDaemon(true);
    return t;
  });
  private final Map<String, TableSettings> kinds = new ConcurrentHashMap<>(); // kind -> its settings
  private final Map<String, Integer> asked = new ConcurrentHashMap<>(); // kinds not kept ready, times asked for
  // spares known to exist, by kind, as the last refill listed or made them: a take renames one without
  // listing every table (after any table operation that listing re-reads every table's name from ZooKeeper)
  private final Map<String, ConcurrentLinkedDeque<String>> known = new ConcurrentHashMap<>();
  private volatile boolean listedOnce; // known holds what a listing found
  private long sweptAtMillis; // when this process last swept the claims (refill's thread only; 0: never)
  private boolean running; // a refill is under way
  private boolean again; // asked to refill since the last pass began
  private volatile boolean disabled; // the user may not create tables, or the store closed
  private Future<?> lastRefill;

  SpareTables(TableOpsClient tableOps, String user) {
    this.tableOps = tableOps;
    String owner = HexFormat.of().formatHex(user.getBytes(StandardCharsets.UTF_8));
    this.ownerPrefix = PREFIX + owner + "_";
    this.ownPrefix = ownerPrefix + "c_";
    // hex has no 'l': never an owner prefix
    this.claims = new SpareClaims(tableOps, PREFIX + "claims_" + owner);
    kinds.put(kind(TableSettings.defaults()), TableSettings.defaults());
  }

  /** Whether {@code table} is anyone's spare. */
  static boolean isSpare(String table) {
    return table.startsWith(PREFIX);
  }

  /**
   * Renames one of the user's spares made with {@code settings} (which name no split points) to
   * {@code table}; false when none could be taken (the caller creates the table itself). Either way, spares
   * are made again in the background.
   */
  boolean takeAs(String table, TableSettings settings) {
    if (!TableNames.namespacePrefix(table).isEmpty()) {
      return false;
    }
    String spare = claim("", settings); // claimed for no run: renamed at once, swept if this process dies first
    if (spare == null) {
      return false;
    }
    try {
      tableOps.rename(spare, table);
      return true;
    } catch (AccumuloException | AccumuloSecurityException | TableExistsException | TableNotFoundException
        | RuntimeException e) {
      return false; // the caller's own create reports what is wrong (the claimed spare is swept)
    }
  }

  /**
   * Claims one of the user's spares made with {@code settings} (which name no split points) for
   * {@code run} (the marker table of the run that records it next) and returns its name, or null when none
   * could be claimed. Either way, spares are made again in the background.
   */
  String claim(String run, TableSettings settings) {
    if (disabled) {
      return null;
    }
    String kind = kind(settings);
    if (!kinds.containsKey(kind) && asked.merge(kind, 1, Integer::sum) >= 2 && kinds.size() < KINDS) {
      kinds.put(kind, settings); // asked for again: worth keeping ready (a kind asked for once may never recur)
    }
    try {
      if (!listedOnce) {
        learnSpares(); // the first take of a process: the spares earlier commands left
      }
      ConcurrentLinkedDeque<String> ready = known.get(kind);
      for (String spare = ready == null ? null : ready.pollFirst(); spare != null; spare = ready.pollFirst()) {
        if (claims.claim(spare, run)) {
          if (tableOps.awaitSeen(spare, true)) {
            return spare;
          }
          // deleted meanwhile (as a spare of the old naming cannot be, by this process): its claim is swept
        }
      }
      return null;
    } catch (RuntimeException | TableNotFoundException e) {
      return null; // the caller's own create reports what is wrong
    } finally {
      refill();
    }
  }

  /** A digest of everything a table is made with ({@link TableSettings#canonical}; spares have no splits). */
  static String kind(TableSettings settings) {
    try {
      byte[] d = MessageDigest.getInstance("SHA-256").digest(settings.canonical().getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(d, 0, 6);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Makes spares up to {@link #TARGET} of each kind in the background, again if asked while it runs. */
  synchronized void refill() {
    if (disabled) {
      return;
    }
    again = true;
    if (!running) {
      running = true;
      lastRefill = maker.submit(this::refillWhileAsked);
    }
  }

  private void refillWhileAsked() {
    while (true) {
      synchronized (this) {
        if (!again || disabled) {
          running = false;
          return;
        }
        again = false;
      }
      try {
        makeMissing();
      } catch (AccumuloSecurityException e) {
        disabled = true; // no permission to create tables: no spares, ever
      } catch (Exception e) {
        // spares are only a shortcut: the next take creates the table the slow way
      }
    }
  }

  /**
   * Adds the user's unclaimed spares a listing finds to those known (a listing can miss spares just made,
   * so none known is dropped: one another process claimed is found claimed at its claim); returns how many
   * are known of each kind.
   */
  private Map<String, Integer> learnSpares() throws TableNotFoundException {
    Set<String> claimed = claims.claimed().keySet();
    for (String t : tableOps.client().tableOperations().list()) {
      if (t.startsWith(ownPrefix) && !claimed.contains(t)) {
        ConcurrentLinkedDeque<String> ready = known.computeIfAbsent(t.substring(ownPrefix.length(),
            t.lastIndexOf('_')), k -> new ConcurrentLinkedDeque<>());
        if (!ready.contains(t)) {
          ready.add(t);
        }
      }
    }
    listedOnce = true;
    Map<String, Integer> counts = new HashMap<>();
    known.forEach((kind, names) -> {
      names.removeIf(claimed::contains);
      counts.put(kind, names.size());
    });
    return counts;
  }

  /**
   * Sweeps the claims ({@link SpareClaims#sweep}) and deletes the user's spares of the naming before claims
   * (an older version may still rename one: it then finds it gone and creates its table itself).
   */
  private void sweep() throws Exception {
    Map<String, Map.Entry<String, Long>> claimed = claims.claimed();
    AccumuloClient client = tableOps.client();
    if (client instanceof org.apache.accumulo.core.clientImpl.ClientContext context) {
      context.clearTableListCache(); // a fresh listing: the sweep deletes what it finds missing a run
    }
    Set<String> tables = client.tableOperations().list();
    claims.sweep(claimed, tables, System.currentTimeMillis());
    for (String t : tables) {
      if (t.startsWith(ownerPrefix) && !t.startsWith(ownPrefix)) {
        try {
          tableOps.delete(t);
        } catch (TableNotFoundException e) {
          // another process deleted or took it
        }
      }
    }
  }

  private void makeMissing() throws Exception {
    tableOps.prepare();
    claims.ensure();
    long now = System.currentTimeMillis();
    if (now - sweptAtMillis >= SpareClaims.SETTLE_MILLIS) {
      sweptAtMillis = now; // at a process's first refill, then as often as claims settle
      sweep();
    }
    Map<String, Integer> have = learnSpares();
    for (Map.Entry<String, TableSettings> k : kinds.entrySet()) {
      ConcurrentLinkedDeque<String> ready = known.computeIfAbsent(k.getKey(), x -> new ConcurrentLinkedDeque<>());
      for (int i = have.getOrDefault(k.getKey(), 0); i < TARGET && !disabled; i++) {
        String name = ownPrefix + k.getKey() + "_" + HexFormat.of().formatHex(randomBytes());
        tableOps.create(name, AccumuloStore.newTableConfiguration(k.getValue()));
        tableOps.client().tableOperations().locate(name, List.of(new Range())); // hosted before anyone takes it
        ready.add(name);
      }
    }
  }

  private static byte[] randomBytes() {
    byte[] b = new byte[8];
    RANDOM.nextBytes(b);
    return b;
  }

  /** Lets a spare being made finish (so the client is not closed under it) and makes no more. */
  @Override
  public void close() {
    Future<?> last;
    synchronized (this) {
      disabled = true;
      last = lastRefill;
    }
    maker.shutdown();
    try {
      if (last != null) {
        last.get(30, TimeUnit.SECONDS);
      }
    } catch (Exception e) {
      // a spare half made is a table like any other: the next process takes it
    }
    claims.close();
  }
}
