package tabulo.embedded;

import java.io.IOException;

/**
 * The memtable memory of one table, shared by all its tablets however many there are: active memtables
 * fill up to {@code limit}, then the largest are frozen and written out; frozen ones awaiting their
 * minor compaction hold up to another {@code limit} before writers wait. So a table holds at most about
 * {@code 2 * limit} in memtables, whether it has one tablet or ten thousand.
 */
final class MemtableBudget {
  private final long limit;
  private long active; // guarded by this
  private long frozen; // guarded by this

  MemtableBudget(long limit) {
    this.limit = limit;
  }

  long limit() {
    return limit;
  }

  synchronized void added(long bytes) {
    active += bytes;
  }

  synchronized void frozen(long bytes) {
    active -= bytes;
    frozen += bytes;
  }

  /** Memory recovered from logs at open, frozen at once. */
  synchronized void recovered(long bytes) {
    frozen += bytes;
  }

  synchronized void flushed(long bytes) {
    frozen -= bytes;
    notifyAll();
  }

  /** Whether active memtables have reached the limit, so some should be frozen. */
  synchronized boolean full() {
    return active >= limit;
  }

  /** Whether freezing should go on: active memory is still above half the limit. */
  synchronized boolean aboveHalf() {
    return active > limit / 2;
  }

  /**
   * Backpressure before a write: waits while memory is over twice the limit and a minor compaction is
   * under way to free some. Called holding no tablet lock, so that compaction can finish.
   */
  void awaitRoom() throws IOException {
    try {
      synchronized (this) {
        while (frozen > 0 && active + frozen >= 2 * limit) {
          wait(100);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while waiting for memtable memory", e);
    }
  }
}
