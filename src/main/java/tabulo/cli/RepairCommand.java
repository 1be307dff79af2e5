package tabulo.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.embedded.EmbeddedStore;
import tabulo.embedded.RepairReport;
import tabulo.embedded.VerifyReport;
import tabulo.storage.TabuloException;

@Command(name = "repair", description = {"Salvage a table whose write-ahead log is damaged (embedded engine).",
    "Salvage a table that does not open because a write-ahead log is damaged: keep every record whose "
        + "checksums match, say how many records and bytes were lost, keep the damaged log beside it as "
        + "NAME.damaged, and open the table. Damage it cannot mend (a sorted file, its checksums) it names, "
        + "leaves as it is, and exits 1. Embedded engine only."})
final class RepairCommand implements Runnable {
  @ParentCommand
  Main main;

  @Parameters(index = "0", paramLabel = "TABLE")
  String table;

  @Override
  public void run() {
    if (main.accumuloProperties() != null) {
      throw new TabuloException("repair works on the embedded engine only: Accumulo recovers its own "
          + "write-ahead logs (run it without --accumulo on an embedded database)");
    }
    try (EmbeddedStore store = EmbeddedStore.open(main.database(), main.userName())) {
      RepairReport r = store.repair(table);
      for (RepairReport.Log log : r.logs()) {
        main.out().println(describe(r.table(), log));
      }
      long repaired = r.logs().stream().filter(RepairReport.Log::repaired).count();
      main.out().println("repair " + r.table() + ": " + r.logs().size() + " log(s) checked, " + repaired
          + " repaired; lost " + (r.logs().stream().anyMatch(RepairReport.Log::lostAtLeast) ? "at least " : "")
          + r.lostRecords() + " record(s) (" + r.lostBytes() + " bytes)");
      for (VerifyReport.Damage d : r.unmended()) {
        main.out().println("repair " + r.table() + ": " + d.file() + " is damaged (" + d.problem()
            + "); repair leaves it as it is");
      }
      main.out().flush();
      if (r.openError() != null) {
        throw new TabuloException("table " + table + " still does not open: " + r.openError());
      }
      if (!r.unmended().isEmpty()) {
        throw new TabuloException("table " + table + " still has " + r.unmended().size() + " damaged file(s) that "
            + "repair cannot mend (it salvages write-ahead logs only): rename the table aside ('tabulo rename "
            + table + " " + table + "_damaged') and import an export of it under its name ('tabulo import " + table
            + " DIR'), or write its data again");
      }
    }
  }

  private static String describe(String table, RepairReport.Log log) {
    StringBuilder sb = new StringBuilder("repair " + table + ": " + log.name() + ": ");
    if (!log.repaired()) {
      sb.append("intact, ").append(log.keptRecords()).append(" record(s)");
    } else {
      sb.append("damaged from byte ").append(log.firstDamage()).append("; kept ").append(log.keptRecords())
          .append(" record(s), lost ").append(log.lostAtLeast() ? "at least " : "").append(log.lostRecords())
          .append(" (").append(log.lostBytes()).append(" bytes); the damaged log is kept as ").append(log.keptAs());
    }
    if (log.tornBytes() > 0) {
      sb.append("; dropped an incomplete last record (").append(log.tornBytes()).append(" bytes, never acknowledged)");
    }
    return sb.toString();
  }
}
