package tabulo.accumulo;

import java.util.Properties;

import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.clientImpl.ClientContext;
import org.apache.accumulo.core.conf.ClientProperty;

/**
 * A second client of the same user for table operations (create, rename, delete), so that they leave the
 * main client's cache of table names in place. Accumulo's client, after each table operation it makes,
 * drops its whole cache of table names, and its next lookup of any table reads two ZooKeeper nodes per
 * table of the instance; clients of one process share that cache when their ZooKeeper settings are equal.
 * This one's ZooKeeper timeout is a millisecond longer, so it caches apart: the main client learns of its
 * changes from ZooKeeper's notifications, one node each, and {@link #awaitSeen} waits for that. Made in the
 * background ({@link #prepare}); until then, or where it cannot be made, the main client does the operations.
 */
final class TableOpsClient implements AutoCloseable {
  /** How long a change may take to reach the main client before its names are read again in full. */
  static final long NOTICE_MILLIS = 2_000;

  private final AccumuloClient main;
  private AccumuloClient ops; // null: not made yet
  private boolean closed;

  TableOpsClient(AccumuloClient main) {
    this.main = main;
  }

  /**
   * The client to make table operations with: the second one once {@link #prepare}d, else the main one (a
   * short command, which makes a table operation or two, need not wait for a second client and its first
   * read of the names).
   */
  synchronized AccumuloClient client() {
    return ops != null && !closed ? ops : main;
  }

  /** Makes the second client and reads the table names through it: for a thread that works in the background. */
  void prepare() {
    AccumuloClient made;
    synchronized (this) {
      if (ops != null || closed) {
        return;
      }
    }
    made = apart(main);
    made.tableOperations().list(); // its first read of every name, here rather than in a caller's operation
    synchronized (this) {
      if (ops == null && !closed) {
        ops = made;
        return;
      }
    }
    if (made != main) {
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

  @Override
  public synchronized void close() {
    closed = true;
    if (ops != null && ops != main) {
      ops.close();
    }
    ops = null;
  }
}
