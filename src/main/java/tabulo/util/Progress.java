package tabulo.util;

import java.io.PrintStream;

/**
 * Progress of long work on a terminal: done so far, rate and ETA, redrawn at most a few times a second.
 * Silent when standard error is not a terminal (piped or redirected).
 */
public final class Progress {
  private final String what;
  private final long total; // 0 when unknown
  private final PrintStream out;
  private final boolean enabled;
  private final long start = System.nanoTime();
  private long lastDraw;

  private Progress(String what, long total, PrintStream out, boolean enabled) {
    this.what = what;
    this.total = total;
    this.out = out;
    this.enabled = enabled;
  }

  public static Progress onTerminal(String what, long total) {
    return new Progress(what, total, System.err, System.console() != null);
  }

  public static Progress silent() {
    return new Progress("", 0, System.err, false);
  }

  public void update(long done) {
    update(done, total > 0 ? (double) done / total : -1);
  }

  /**
   * Shows {@code done} units and their rate, with the ETA taken from {@code fraction} of the work done
   * (for work measured in one unit, such as bytes read, but reported in another, such as entries).
   */
  public void update(long done, double fraction) {
    if (!enabled) {
      return;
    }
    long now = System.nanoTime();
    if (now - lastDraw < 250_000_000L) {
      return;
    }
    lastDraw = now;
    double secs = (now - start) / 1e9;
    double rate = done / Math.max(secs, 1e-9);
    StringBuilder sb = new StringBuilder("\r").append(what).append(": ").append(String.format("%,d", done));
    if (total > 0) {
      sb.append(String.format(" / %,d (%.0f%%)", total, 100.0 * done / total));
    }
    sb.append(String.format(", %,.0f/s", rate));
    if (fraction > 0) {
      sb.append(String.format(", ETA %s", duration(secs * (1 - fraction) / fraction)));
    }
    out.print(sb.append("   "));
    out.flush();
  }

  public void done() {
    if (enabled && lastDraw != 0) {
      out.print("\r\033[K");
      out.flush();
    }
  }

  static String duration(double seconds) {
    long s = Math.round(seconds);
    return s >= 3600 ? String.format("%dh%02dm", s / 3600, s % 3600 / 60)
        : s >= 60 ? String.format("%dm%02ds", s / 60, s % 60) : s + "s";
  }
}
