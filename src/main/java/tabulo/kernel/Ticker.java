package tabulo.kernel;

/** Calls a progress report a few times a second on a daemon thread, and once more when closed. */
public final class Ticker implements AutoCloseable {
  private final Thread thread;
  private final Runnable report;

  public Ticker(Runnable report) {
    this.report = report;
    this.thread = new Thread(() -> {
      try {
        while (!Thread.currentThread().isInterrupted()) {
          report.run();
          Thread.sleep(250);
        }
      } catch (InterruptedException e) {
        // closed
      }
    }, "tabulo-progress");
    thread.setDaemon(true);
    thread.start();
  }

  @Override
  public void close() {
    thread.interrupt();
    report.run();
  }
}
