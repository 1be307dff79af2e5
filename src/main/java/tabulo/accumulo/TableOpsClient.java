package tabulo.accumulo;

import java.nio.charset.StandardCharsets;
import java.util.Properties;
import java.util.concurrent.locks.ReentrantReadWriteLock;

import org.apache.accumulo.core.Constants;
import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.TableExistsException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.client.admin.NewTableConfiguration;
import org.apache.accumulo.core.clientImpl.ClientContext;
import org.apache.accumulo.core.conf.ClientProperty;
import org.apache.zookeeper.KeeperException;

/**
 * Table operations (create, rename, delete) through a second client of the same user, so that they leave
 * the main client's cache of table names in place. Accumulo's client, after each table operation it makes,
 * drops its whole cache of table names, and its next lookup of any table reads two ZooKeeper nodes per
 * table of the instance; clients of one process share that cache when their ZooKeeper settings are equal.
 * The second client's ZooKeeper timeout is a millisecond longer, so it caches apart: the main client learns
 * of its changes from ZooKeeper's notices, one node each, and each operation here waits for that before it
 * returns ({@link #awaitSeen}). The second client is made in the background ({@link #prepare}); until then,
 * or where it cannot be made, the main client makes the operations, and the second client's names are
 * dropped after each, so that neither client ever resolves a name to a table this process renamed or
 * deleted (a delete by a stale name would delete the table now under it).
 */
final class TableOpsClient implements AutoCloseable {
  /** How long a change may take to reach the main client before its names are read again in full. */
  static final long NOTICE_MILLIS = 2_000;

  private final AccumuloClient main;
  private volatile AccumuloClient ops; // null: not made yet
  private final ReentrantReadWriteLock switching = new ReentrantReadWriteLock(); // operations share, prepare not
  private boolean closed;

  TableOpsClient(AccumuloClient main) {
    this.main = main;
  }

  /** The main client: for everything but table operations. */
  AccumuloClient main() {
    return main;
  }

  /** The client that makes table operations now (callers of the operations below hold {@link #switching}). */
  synchronized AccumuloClient client() {
    return ops != null && !closed ? ops : main;
  }

  void create(String table, NewTableConfiguration settings)
      throws AccumuloException, AccumuloSecurityException, TableExistsException {
    AccumuloClient by = begin();
    try {
      by.tableOperations().create(table, settings);
    } finally {
      end(by);
    }
    awaitSeen(table, true);
  }

  void rename(String from, String to)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException, TableExistsException {
    AccumuloClient by = begin();
    try {
      resolveFreshly(by, from);
      by.tableOperations().rename(from, to);
    } finally {
      end(by);
    }
    awaitSeen(to, true);
  }

  void delete(String table) throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    AccumuloClient by = begin();
    try {
      resolveFreshly(by, table);
      by.tableOperations().delete(table);
    } finally {
      end(by);
    }
    awaitSeen(table, false);
  }

  /**
   * Makes sure {@code by} resolves {@code name} to the table that has that name in ZooKeeper now: a client's
   * names may lag another client's rename or delete by a notice, and a rename or delete resolves the name in
   * the client (a stale name would rename or delete the table now under it). One read of the table's name.
   */
  private static void resolveFreshly(AccumuloClient by, String name) {
    if (!(by instanceof ClientContext context)) {
      return;
    }
    String simple = name.substring(name.indexOf('.') + 1); // ZooKeeper holds the name without its namespace
    try {
      String id = context.getTableId(name).canonical();
      byte[] now = context.getZooReader().getData(context.getZooKeeperRoot() + Constants.ZTABLES + "/" + id
          + Constants.ZTABLE_NAME);
      if (new String(now, StandardCharsets.UTF_8).equals(simple)) {
        return;
      }
    } catch (TableNotFoundException | KeeperException e) {
      // not known here yet, or its table is gone: read the names again
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    context.clearTableListCache();
  }

  private AccumuloClient begin() {
    switching.readLock().lock();
    return client();
  }

  /** After an operation of the main client, the second client's names are read again on its next use. */
  private void end(AccumuloClient by) {
    try {
      AccumuloClient apart = ops;
      if (by == main && apart instanceof ClientContext context && apart != main) {
        context.clearTableListCache();
      }
    } finally {
      switching.readLock().unlock();
    }
  }

  /**
   * Makes the second client (for a thread that works in the background) and switches the operations to it
   * once no operation is under way, with no names of its own cached from before (a client of another store
   * in this process may share its cache).
   */
  void prepare() {
    synchronized (this) {
      if (ops != null || closed) {
        return;
      }
    }
    AccumuloClient made = apart(main);
    boolean taken = false;
    switching.writeLock().lock();
    try {
      synchronized (this) {
        if (ops == null && !closed && made != main && made instanceof ClientContext context) {
          context.clearTableListCache();
          ops = made;
          taken = true;
        }
      }
    } finally {
      switching.writeLock().unlock();
    }
    if (taken) {
      made.tableOperations().list(); // its first read of every name, here rather than in a caller's operation
    } else if (made != main) {
      made.close();
    }
  }

  /** A client as {@code main} with a cache of ZooKeeper nodes of its own, or {@code main} itself. */
  private static AccumuloClient apart(AccumuloClient main) {
    if (!(main instanceof ClientContext context)) {
      return main;
    }
    try {
      Properties p = main.properties(); // without the token, which comes from the context
      long timeout = ClientProperty.INSTANCE_ZOOKEEPERS_TIMEOUT.getTimeInMillis(p);
      p.setProperty(ClientProperty.INSTANCE_ZOOKEEPERS_TIMEOUT.getKey(), (timeout + 1) + "ms");
      return Accumulo.newClient().from(p).as(main.whoami(), context.getAuthenticationToken()).build();
    } catch (RuntimeException e) {
      return main;
    }
  }

  /**
   * Waits until the main client sees table {@code name} as existing or not ({@code exists}), as a table
   * operation of {@link #client()} left it; whether it does. After the second client's operation the main
   * client learns of it from ZooKeeper's notice, waited for up to {@link #NOTICE_MILLIS}; after the main
   * client's own, which cleared its names, another thread reading the names as it happened may have put the
   * old ones back: then the names are read again at once.
   */
  boolean awaitSeen(String name, boolean exists) {
    if (main.tableOperations().exists(name) == exists) {
      return true;
    }
    long deadline = System.nanoTime() + NOTICE_MILLIS * 1_000_000;
    for (long pause = 1; client() != main && System.nanoTime() < deadline; pause = Math.min(pause * 2, 50)) {
      if (!sleep(pause)) {
        return false;
      }
      if (main.tableOperations().exists(name) == exists) {
        return true;
      }
    }
    return seenAfterRereads(name, exists);
  }

  /**
   * Whether the main client sees table {@code name} as existing or not once it has read the table names
   * again, a few times over 60 ms (a reader that began before a table operation may put the old names back
   * after one clear).
   */
  boolean seenAfterRereads(String name, boolean exists) {
    for (int i = 0; i < 4 && main instanceof ClientContext context; i++) {
      if (i > 0 && !sleep(20L * i)) {
        return false;
      }
      context.clearTableListCache();
      if (main.tableOperations().exists(name) == exists) {
        return true;
      }
    }
    return false;
  }

  private static boolean sleep(long millis) {
    try {
      Thread.sleep(millis);
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** Closes the second client once no operation is under way; later operations go through the main client. */
  @Override
  public void close() {
    switching.writeLock().lock();
    try {
      synchronized (this) {
        closed = true;
        if (ops != null && ops != main) {
          ops.close();
        }
        ops = null;
      }
    } finally {
      switching.writeLock().unlock();
    }
  }
}
