package tabulo.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.embedded.EmbeddedStore;
import tabulo.embedded.VerifyReport;
import tabulo.storage.TabuloException;

@Command(name = "verify", description = {"Check every file of the database (or of one table) against its checksums.",
    "Check every file of the database, or of one table, without changing anything: sorted files against "
        + "their checksums, write-ahead logs record by record, manifests. Prints each damaged file with its "
        + "table; exits 1 if any. Embedded engine only.",
    "Opens the database read-only: runs beside a writing command, and sees what was committed when it started."})
final class VerifyCommand implements Runnable {
  @ParentCommand
  Main main;

  @Parameters(index = "0", arity = "0..1", paramLabel = "TABLE", description = "Only this table.")
  String table;

  @Override
  public void run() {
    if (main.accumuloProperties() != null) {
      throw new TabuloException("verify works on the embedded engine only: Accumulo checks its own files "
          + "(HDFS block checksums; 'accumulo admin fsck' style checks)");
    }
    try (EmbeddedStore store = EmbeddedStore.openReadOnly(main.database(), main.userName())) {
      VerifyReport r = store.verify(table);
      for (VerifyReport.Damage d : r.damage()) {
        main.out().println("damaged\ttable " + d.table() + "\t" + d.file() + "\t" + d.problem());
      }
      main.out().println("verify: " + r.tables() + " table(s), " + r.files() + " sorted file(s) (" + r.bytes()
          + " bytes), " + r.logs() + " log(s): " + (r.ok() ? "no damage" : r.damage().size() + " damaged"));
      if (r.unchecksummedFiles() > 0) {
        main.out().println("verify: " + r.unchecksummedFiles() + " sorted file(s) predate checksums and were "
            + "read through instead ('compact TABLE' rewrites them with checksums)");
      }
      main.out().flush();
      if (!r.ok()) {
        throw new TabuloException("verify found " + r.damage().size() + " damaged file(s)");
      }
    }
  }
}
