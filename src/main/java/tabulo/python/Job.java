package tabulo.python;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * A long call from Python, run on a Java thread of its own so that Python stays free to draw progress
 * and to hear Ctrl-C: Python polls {@link #waitFor}, reads {@link #cells} and {@link #round}, and on
 * Ctrl-C calls {@link #cancel}, which the work sees at its next kernel run (through
 * {@code Session.cancelled}) and stops with its temporaries deleted as the session closes.
 */
public final class Job {
  private final AtomicLong cells = new AtomicLong();
  private final AtomicBoolean cancelled = new AtomicBoolean();
  private volatile String round = "";
  private volatile Object result;
  private volatile Throwable failure;
  private final Thread thread;

  private Job(String name, Function<Job, Object> work) {
    thread = new Thread(() -> {
      try {
        result = work.apply(this);
      } catch (Throwable t) {
        failure = t;
      }
    }, "tabulo-python-" + name);
    thread.setDaemon(true);
  }

  /** Starts {@code work} on its own thread. */
  static Job start(String name, Function<Job, Object> work) {
    Job job = new Job(name, work);
    job.thread.start();
    return job;
  }

  /**
   * Waits up to {@code millis} for the work to end; whether it has. Ctrl-C reaches Python as a pending
   * KeyboardInterrupt (raised as soon as this returns); JPype also interrupts the waiting Java thread, and
   * that interrupt (or a stale one left on the caller's thread) is cleared here rather than thrown.
   */
  public boolean waitFor(long millis) {
    Thread.interrupted();
    try {
      thread.join(Math.max(1, millis));
    } catch (InterruptedException e) {
      Thread.interrupted();
    }
    return !thread.isAlive();
  }

  /** Cells computed so far by the current kernel run. */
  public long cells() {
    return cells.get();
  }

  /** The last round's description ("" before one). */
  public String round() {
    return round;
  }

  /** Asks the work to stop at its next kernel run. */
  public void cancel() {
    cancelled.set(true);
  }

  public boolean cancelled() {
    return cancelled.get();
  }

  /** The work's result once it has ended; its exception, rethrown as it was raised, when it failed. */
  public Object result() {
    if (thread.isAlive()) {
      throw new IllegalStateException("the job is still running");
    }
    if (failure instanceof RuntimeException e) {
      throw e;
    }
    if (failure instanceof Error e) {
      throw e;
    }
    if (failure != null) {
      throw new IllegalStateException(failure);
    }
    return result;
  }

  void progress(long done) {
    cells.set(done);
  }

  void round(String text) {
    round = text;
  }
}
