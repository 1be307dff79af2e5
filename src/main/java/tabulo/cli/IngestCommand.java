package tabulo.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.d4m.IngestOptions;
import tabulo.d4m.Schema;
import tabulo.d4m.SchemaIngest;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;
import tabulo.util.Progress;

@Command(name = "ingest", description = {"Ingest CSV or TSV files into the D4M 2.0 schema tables.",
    "Ingest CSV or TSV files (with a header row) into the D4M 2.0 schema: " +
    "PREFIXTedge (record x name|value = 1), PREFIXTedgeT (its transpose), PREFIXTedgeDeg " +
    "(name|value x Degree = count, summed across ingests) and PREFIXTedgeTxt (record x txt = raw record).",
    "Tables are created if missing. Each file is checked completely before any of it is written; " +
    "the first bad file stops the run, and the files ingested before it are complete and listed.",
    "Generated row keys are HASH-LINE: 8 hex digits of the file's absolute path and its 10-digit line.",
    "Each 'ingested FILE' line is printed, and flushed, once the file is durable.",
    "Files are recorded (path, size, modification time, SHA-256) in PREFIXTedgeDeg " +
    "row |ingested, in the same atomic load as their degrees; a recorded file is " +
    "skipped, so rerunning a killed ingest ends as one uninterrupted run would.",
    "--force ingests recorded files again (their degrees are counted again)."})
final class IngestCommand implements Runnable {
  @ParentCommand
  Main main;

  @Parameters(index = "0", paramLabel = "PREFIX", description = "Table name prefix (e.g. 'proxy' gives proxyTedge ...).")
  String prefix;

  @Parameters(index = "1..*", arity = "1..*", paramLabel = "FILE|DIR",
      description = "Input files; a directory means the files in it (and below), in name order.")
  List<Path> inputs;

  @Option(names = "--format", paramLabel = "csv|tsv", description = "Input format (default ${DEFAULT-VALUE}).")
  IngestOptions.Format format = IngestOptions.Format.CSV;

  @Option(names = "--row-column", paramLabel = "NAME",
      description = "The column whose value is the record's row key (default: generated keys).")
  String rowColumn;

  @Option(names = "--np", paramLabel = "N", description = "Ingest workers, each taking whole files (default ${DEFAULT-VALUE}).")
  int workers = 1;

  @Option(names = "--force", description = "Ingest files again even if PREFIXTedgeDeg records them as"
      + " ingested (same path, size, modification time and SHA-256); their degrees add up again.")
  boolean force;

  @Option(names = "--splits", paramLabel = "a,b,c", split = ",", description = "Split points for tables created now.")
  List<String> splits = new ArrayList<>();

  @Override
  public void run() {
    if (workers < 1) {
      throw new TabuloException("--np: expected at least 1 worker, got " + workers);
    }
    if (prefix.isEmpty()) {
      throw new TabuloException("PREFIX must not be empty");
    }
    List<Path> files = IngestOptions.expand(inputs);
    try (Store store = main.openStore()) {
      IngestOptions options = new IngestOptions(new Schema(prefix), files, format, rowColumn, workers, splits)
          .withForce(force);
      PrintWriter out = main.out();
      SchemaIngest.Result r = new SchemaIngest(store, options).run(Progress.onTerminal("ingest entries", 0),
          new SchemaIngest.Reporter() {
            // each line as soon as its file is durable: after a kill, the lines printed name the files done
            @Override
            public void ingested(SchemaIngest.FileResult f) {
              out.printf("ingested %s: %,d records, %,d entries%n", f.file(), f.records(), f.entries());
              out.flush();
            }

            @Override
            public void skipped(Path file, String why) {
              out.printf("skipped %s: %s%n", file, why);
              out.flush();
            }
          });
      out.printf("ingest: %d of %d files%s, %,d entries in %.2f s (%,.0f entries/s)%n", r.files().size(),
          files.size(), r.skipped() == 0 ? "" : " (" + r.skipped() + " skipped)", r.entries(), r.seconds(),
          r.entries() / Math.max(r.seconds(), 1e-9));
      out.flush();
      if (r.error() != null) {
        throw new TabuloException(r.error());
      }
    }
  }

}
