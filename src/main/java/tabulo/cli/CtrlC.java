package tabulo.cli;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import tabulo.ops.Session;

/**
 * Ctrl-C (or SIGTERM) during a command whose work runs in sessions ({@link #guard}): the session sees it at
 * its next kernel run and stops, and the JVM's shutdown waits, up to a minute, for the command to end, so
 * that its sessions delete their temporaries as they close. Other commands end at once, as before.
 * Installed once by the process's {@code main}, never by in-process runs.
 */
final class CtrlC {
  private static final AtomicBoolean PRESSED = new AtomicBoolean();
  private static final AtomicBoolean GUARDING = new AtomicBoolean();
  private static final CountDownLatch ENDED = new CountDownLatch(1);

  private CtrlC() {}

  static void install() {
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      PRESSED.set(true);
      if (!GUARDING.get()) {
        return;
      }
      try {
        ENDED.await(60, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, "tabulo-ctrl-c"));
  }

  /** {@code s}, stopped by Ctrl-C at its next kernel run; the process then waits for the command to end. */
  static Session guard(Session s) {
    return s.cancelled(guarding());
  }

  /** Whether Ctrl-C was pressed, for work that opens its own sessions (mult); the process then waits for it. */
  static java.util.function.BooleanSupplier guarding() {
    GUARDING.set(true);
    return CtrlC::pressed;
  }

  static boolean pressed() {
    return PRESSED.get();
  }

  /** The command has ended (its sessions and store closed): the shutdown may go on. */
  static void commandEnded() {
    ENDED.countDown();
  }
}
