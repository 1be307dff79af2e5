package tabulo.accumulo;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.TableExistsException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Range;

import tabulo.storage.TableNames;

/**
 * Empty tables with the default settings, created and hosted ahead of need, so that making a plain table
 * (every small result, every temporary) is one rename instead of a create and a wait for its tablet to be
 * assigned. A rename is a metadata change; a create is a FATE operation and a tablet assignment, several
 * times slower. Spares are named {@code __spare_<owner>_<random>} in the default namespace, where the
 * owner is the user's name in hex: a user takes only their own spares (the creator holds every permission
 * on a table, so a table made by someone else must never hold your result). Spares outlive the process:
 * the next command of the same user takes them. Two processes racing for one spare both try the rename;
 * the loser sees it gone and takes the next one. At most {@link #TARGET} are kept per user.
 */
final class SpareTables implements AutoCloseable {
  static final String PREFIX = TableNames.RESERVED_PREFIX + "spare_";
  /** Spares kept ready per user: enough for the temporaries of an algorithm's round. */
  static final int TARGET = 4;
  private static final SecureRandom RANDOM = new SecureRandom();

  private final AccumuloClient client;
  private final String ownPrefix;
  private final ExecutorService maker = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "tabulo-spare-tables");
    t.setDaemon(true);
    return t;
  });
  private final AtomicBoolean refilling = new AtomicBoolean();
  private volatile boolean disabled; // the user may not create tables, or the store closed
  private Future<?> lastRefill;

  SpareTables(AccumuloClient client, String user) {
    this.client = client;
    this.ownPrefix = PREFIX + HexFormat.of().formatHex(user.getBytes(StandardCharsets.UTF_8)) + "_";
  }

  /** Whether {@code table} is anyone's spare. */
  static boolean isSpare(String table) {
    return table.startsWith(PREFIX);
  }

  /**
   * Renames one of the user's spares to {@code table}; false when none could be taken (the caller creates
   * the table itself). Either way, spares are made again in the background.
   */
  boolean takeAs(String table) {
    if (disabled || !TableNames.namespacePrefix(table).isEmpty()) {
      return false;
    }
    try {
      for (String spare : client.tableOperations().list()) {
        if (!spare.startsWith(ownPrefix)) {
          continue;
        }
        try {
          client.tableOperations().rename(spare, table);
          return true;
        } catch (TableNotFoundException e) {
          // another process took it first
        }
      }
      return false;
    } catch (AccumuloException | AccumuloSecurityException | TableExistsException | RuntimeException e) {
      return false; // the caller's own create reports what is wrong
    } finally {
      refill();
    }
  }

  /** Starts making spares up to {@link #TARGET}, unless that is already under way. */
  synchronized void refill() {
    if (disabled || !refilling.compareAndSet(false, true)) {
      return;
    }
    lastRefill = maker.submit(() -> {
      try {
        long have = client.tableOperations().list().stream().filter(t -> t.startsWith(ownPrefix)).count();
        for (long i = have; i < TARGET && !disabled; i++) {
          String name = ownPrefix + HexFormat.of().formatHex(randomBytes());
          client.tableOperations().create(name);
          client.tableOperations().locate(name, List.of(new Range())); // hosted before anyone takes it
        }
      } catch (AccumuloSecurityException e) {
        disabled = true; // no permission to create tables: no spares, ever
      } catch (Exception e) {
        // spares are only a shortcut: the next take creates the table the slow way
      } finally {
        refilling.set(false);
      }
    });
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
  }
}
