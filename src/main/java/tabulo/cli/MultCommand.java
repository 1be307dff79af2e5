package tabulo.cli;

import tabulo.kernel.Columns;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import org.apache.accumulo.core.security.Authorizations;

import tabulo.math.Semirings;
import tabulo.math.ValueCodec;
import tabulo.ops.Mxm;
import tabulo.ops.Session;
import tabulo.ops.mxm.MxmOptions;
import tabulo.ops.mxm.MxmResult;
import tabulo.ops.mxm.MxmSettings;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;
import tabulo.util.Progress;

@Command(name = "mult", description = {"Multiply two tables over a semiring into a new table: C = A (+.x) B.",
    "C = A (+.x) B (or A^T (+.x) B) computed next to the data into a new " +
    "table C (or, with --accum, combined into the existing C; with --mask M, C<M>: only keys M admits).",
    "The product is published only when complete: an interrupted run leaves no C (or C as it was), and a " +
    "rerun starts over. A vector is a one-column table: 'mult A v u --transpose-a' (u = A^T v, a frontier " +
    "step) reads only A's rows at v's keys when v is small. Outer product (Graphulo's TableMult) writes every partial product and sums them with a " +
    "combiner on C; row-by-row writes each entry of C once. A partial product is labelled with the " +
    "conjunction of its factors' visibilities; each reader of C gets one cell per row and column, the " +
    "sum of the parts it may read (labelled with their conjunction)."})
final class MultCommand implements Runnable {
  @ParentCommand
  Main main;

  @Parameters(index = "0", paramLabel = "A")
  String a;

  @Parameters(index = "1", paramLabel = "B")
  String b;

  @Parameters(index = "2", paramLabel = "C", description = "The table to write (must not exist unless --accum).")
  String c;

  @Option(names = "--transpose-a", description = "Multiply A^T instead of A.")
  boolean transposeA;

  @Option(names = "--algorithm", paramLabel = "outer|rowwise|auto",
      description = "Algorithm (default ${DEFAULT-VALUE}: the outer product for --transpose-a when B has at most "
          + "1/256 of A's entries, as row-by-row would first copy all of A transposed, while the outer product "
          + "looks up only A's rows at B's keys (a frontier vector); row-by-row otherwise, and with --mask unless "
          + "B is that small, as it applies the mask in its accumulator). "
          + "The algorithm run and why are printed on standard error.")
  MxmOptions.Algorithm algorithm = MxmOptions.Algorithm.AUTO;

  @Option(names = "--semiring", paramLabel = "NAME", description = "plus.times (default), min.plus, max.plus, "
      + "max.min, min.max, or.and, plus.min, plus.pair, plus.first, plus.second, min.second, or a class name.")
  String semiring = "plus.times";

  @Option(names = "--rows", paramLabel = "SPEC", description = "Rows of C to compute (D4M syntax).")
  String rows = ":";

  @Option(names = "--cols", paramLabel = "SPEC", description = "Columns of C to compute (D4M syntax).")
  String cols = ":";

  @Option(names = "--inner", paramLabel = "SPEC", description = "Keys of the shared dimension to sum over.")
  String inner = ":";

  @Option(names = "--transpose-out", paramLabel = "CT", description = "Also write C^T to table CT.")
  String transposeOut;

  @Option(names = "--a-transpose", paramLabel = "TABLE", description = {"A table holding A^T (a --transpose-out "
      + "result, a D4M TedgeT), read instead of copying A transposed when the algorithm needs A^T (row-by-row with "
      + "--transpose-a, the outer product without it). Refused when it holds a different number of entries than A.",
      "Without it, A's D4M transpose is used when ingest made the pair: A is PREFIXTedge, PREFIXTedgeDeg holds "
          + "the ingest's record, and PREFIXTedgeT holds as many entries as A. Which table was read, and why, is "
          + "printed on standard error."})
  String aTranspose;

  @Option(names = "--no-d4m-transpose", description = "Do not look for A's D4M transpose (copy A transposed "
      + "when the algorithm needs A^T, unless --a-transpose names a table).")
  boolean noD4mTranspose;

  @Option(names = "--workers", paramLabel = "N", description = "Worker threads (default ${DEFAULT-VALUE}).")
  int workers = 2;

  @Option(names = "--batch", paramLabel = "N",
      description = "Row-by-row: rows of B fetched per batch (default ${DEFAULT-VALUE}).")
  int batch = 200_000;

  @Option(names = "--unit", paramLabel = "N",
      description = "Outer product: entries of B per unit of work (default ${DEFAULT-VALUE}).")
  int unit = 50_000;

  @Option(names = "--plan", paramLabel = "PLAN",
      description = "Row-by-row with the rows of A, B and C placed by PLAN (made by 'partition'): each part is one "
          + "tablet of part-prefixed copies of A and B that drives its own run; C gets its own keys back. Same C "
          + "as without a plan; keys PLAN does not name are in part 0. Prints the B entries the parts read "
          + "from other parts (kernels in this process) or from other tablet servers (kernels in Accumulo's "
          + "tablet servers, which count them with or without a plan). Not with --transpose-a, --mask, "
          + "--transpose-out or --algorithm outer.")
  String plan;

  @Option(names = "--layout", paramLabel = "tables|single-table",
      description = "With --plan, where the placed copies live (default ${DEFAULT-VALUE}): 'tables' (A's, B's "
          + "and the product's, split alike) or 'single-table' (paper 001's table M: A, B and C as column families "
          + "A, B, C of one table with a locality group each, so a row of C is written in the tablet that holds the "
          + "same row of A, and a scan of one family reads none of the others' data). Same C either way.")
  String layout = "tables";

  @Mixin
  OutputOptions output; // --mask, --structure, --complement, --accum, --auths, --codec, --kernels

  @Override
  public void run() {
    MxmOptions o = MxmOptions.defaults().transposeA(transposeA).algorithm(algorithm)
        .rows(ScanCommand.parseSpec("--rows", rows)).cols(ScanCommand.parseSpec("--cols", cols))
        .inner(ScanCommand.parseSpec("--inner", inner)).transposeOut(transposeOut);
    MxmSettings settings = MxmSettings.defaults().aTranspose(aTranspose).findTranspose(!noD4mTranspose);
    parse("--semiring", () -> o.semiring(Semirings.named(semiring)));
    ValueCodec codec = output.codec();
    if (workers < 1) {
      throw new TabuloException("--workers: workers must be at least 1, got " + workers);
    }
    parse("--batch", () -> settings.batchRows(batch));
    if (unit < 1) {
      throw new TabuloException("--unit: a unit needs at least 1 entry, got " + unit);
    }
    if (plan != null) {
      settings.plan(plan);
    }
    settings.layout(switch (layout) {
      case "tables" -> MxmSettings.Layout.TABLES;
      case "single-table" -> MxmSettings.Layout.SINGLE_TABLE;
      default -> throw new CommandLine.ParameterException(output.command.commandLine(),
          "--layout: 'tables' or 'single-table', not '" + layout + "'");
    });
    if (plan == null && settings.layout() != MxmSettings.Layout.TABLES) {
      throw new CommandLine.ParameterException(output.command.commandLine(), "--layout single-table needs --plan");
    }
    if (output.mask == null && (output.structure || output.complement)) {
      throw new CommandLine.ParameterException(output.command.commandLine(),
          (output.structure ? "--structure" : "--complement") + " needs --mask");
    }
    if (output.mask != null) {
      o.mask(output.mask, output.structure, output.complement);
    }
    if (output.accum != null) {
      o.accum(tabulo.api.Call.binaryOp("--accum", output.accum));
    }
    Authorizations auths = output.auths == null ? null : SetAuthsCommand.parse(output.auths, "--auths");
    Progress progress = Progress.onTerminal("mult partial products", 0);
    settings.progress(progress::update);
    try (Store store = main.openStore();
        Session session = CtrlC.guard(Session.open(store).codec(codec).workers(workers).unitEntries(unit)
            .nextToData(output.kernels == OutputOptions.Kernels.SERVER))) {
      if (auths != null) {
        session.auths(auths);
      }
      MxmResult r = Mxm.multiply(session, a, b, c, o, settings);
      progress.done();
      main.err().printf("mult: algorithm %s (%s)%n", r.algorithm().name().toLowerCase(), r.reason());
      if (r.left() != null) {
        main.err().printf("mult: %s%n", r.left());
      }
      main.out().printf("%s: %,d partial products%s, %.2f s, %,.0f partial products/s%n",
          r.algorithm().name().toLowerCase(), r.partialProducts(),
          ProductCount.of(store, c, r, o.accumulates(), auths).describe(c), r.seconds(), r.partialProductsPerSecond());
      RemoteEntries.print(main.err(), r, plan, batch);
    }
  }

  private static <T> T parse(String option, java.util.function.Supplier<T> parser) {
    try {
      return parser.get();
    } catch (IllegalArgumentException e) {
      throw new TabuloException(option + ": " + e.getMessage());
    }
  }
}
