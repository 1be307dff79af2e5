package tabulo.embedded;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Caps the file readers a table keeps open between scans. A reader holds a file descriptor and the
 * file's index; pooling one per file would grow memory with the number of tablets a scan has touched.
 */
final class IdleReaderLimit {
  private final int max;
  private final AtomicInteger idle = new AtomicInteger();

  IdleReaderLimit(int max) {
    this.max = max;
  }

  /** Whether one more idle reader may be kept; if so it is counted until {@link #unparked()}. */
  boolean tryPark() {
    if (idle.incrementAndGet() <= max) {
      return true;
    }
    idle.decrementAndGet();
    return false;
  }

  void unparked() {
    idle.decrementAndGet();
  }
}
