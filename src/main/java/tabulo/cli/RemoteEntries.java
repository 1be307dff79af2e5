package tabulo.cli;

import java.io.PrintWriter;

import tabulo.ops.mxm.MxmOptions.Algorithm;
import tabulo.ops.mxm.MxmResult;

/** mult's line about communication: entries of the other factor read from other parts or tablet servers. */
final class RemoteEntries {
  private RemoteEntries() {}

  static void print(PrintWriter err, MxmResult r, String plan, int batch) {
    if (r.remoteScope() == null) {
      if (plan != null) {
        err.printf("mult: plan %s, B entries read from other parts: not counted by this host%n", plan);
      }
      return;
    }
    String factor = r.algorithm() == Algorithm.OUTER ? "A" : "B";
    String where = r.remoteScope().equals("other parts") ? "other parts" : "tablets on " + r.remoteScope();
    err.printf("mult: %s%s entries read from %s: %,d%s%n", plan == null ? "" : "plan " + plan + ", ", factor, where,
        r.remoteEntries(), plan == null ? "" : String.format(" (batch %,d; compare 'partition --batch %d')", batch,
            batch));
  }
}
