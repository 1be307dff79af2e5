package tabulo.cli;

import tabulo.kernel.Columns;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.math.BinaryOps;
import tabulo.math.Semirings;
import tabulo.math.ValueCodec;
import tabulo.ops.mxm.Mxm;
import tabulo.ops.mxm.MxmOptions;
import tabulo.ops.mxm.MxmResult;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;
import tabulo.util.Progress;

@Command(name = "mult", description = {"Multiply two tables over a semiring into a new table: C = A (+.x) B.",
    "C = A (+.x) B (or A^T (+.x) B) computed next to the data into a new",
    "table C (or, with --accum, combined into the existing C; with --mask M, C<M>: only keys M admits).",
    "The product is published only when complete: an interrupted run leaves no C (or C as it was), and a",
    "rerun starts over. A vector is a one-column table: 'mult A v u --transpose-a' (u = A^T v, a frontier",
    "step) reads only A's rows at v's keys when v is small. Outer product (Graphulo's TableMult) writes every partial product and sums them with a",
    "combiner on C; row-by-row writes each entry of C once. A partial product is labelled with the",
    "conjunction of its factors' visibilities; each reader of C gets one cell per row and column, the",
    "sum of the parts it may read (labelled with their conjunction)."})
final class MultCommand implements Runnable {
  @ParentCommand
  Main main;

  @Parameters(index = "0", paramLabel = "A")
  String a;

  @Parameters(index = "1", paramLabel = "B")
  String b;

  @Parameters(index = "2", paramLabel = "C")
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
      + "max.min, min.max, or.and, plus.min, plus.pair, plus.first, plus.second, or a class name.")
  String semiring = "plus.times";

  @Option(names = "--codec", paramLabel = "decimal|long|double", description = "Value encoding (default decimal).")
  String codec = "decimal";

  @Option(names = "--rows", paramLabel = "SPEC", description = "Rows of C to compute (D4M syntax).")
  String rows = ":";

  @Option(names = "--cols", paramLabel = "SPEC", description = "Columns of C to compute (D4M syntax).")
  String cols = ":";

  @Option(names = "--inner", paramLabel = "SPEC", description = "Keys of the shared dimension to sum over.")
  String inner = ":";

  @Option(names = "--transpose-out", paramLabel = "CT", description = "Also write C^T to table CT.")
  String transposeOut;

  @Option(names = "--workers", paramLabel = "N", description = "Worker threads (default ${DEFAULT-VALUE}).")
  int workers = 2;

  @Option(names = "--batch", paramLabel = "N",
      description = "Row-by-row: rows of B fetched per batch (default ${DEFAULT-VALUE}).")
  int batch = 200_000;

  @Option(names = "--unit", paramLabel = "N",
      description = "Outer product: entries of B per unit of work (default ${DEFAULT-VALUE}).")
  int unit = 50_000;

  @Option(names = "--auths", paramLabel = "a,b", description = "Read A and B with these authorizations.")
  String auths;

  @Option(names = "--mask", paramLabel = "M", description = "Write only keys where table M holds a value that is "
      + "not zero (C<M>): row-by-row skips the other columns in its accumulator; the outer product masks its "
      + "result afterwards. A result cell also carries the label of the mask cell that admitted it.")
  String mask;

  @Option(names = "--structure", description = "With --mask: every key M holds, whatever its value.")
  boolean structure;

  @Option(names = "--complement", description = "With --mask: the keys M does not admit instead.")
  boolean complement;

  @Option(names = "--accum", paramLabel = "OP", description = "Combine the product into the existing table C "
      + "(C = C OP T where both hold a key, else the one value): plus, min, max, times, ... or a class name. "
      + "Without it C must not exist. With --mask, C's entries outside the mask stay.")
  String accum;

  @Option(names = "--kernels", paramLabel = "server|client", description = "With --accumulo: run the kernels "
      + "inside the tablet servers (default; needs tabulo-server.jar there, see the README) or in this process.")
  MxmOptions.Kernels kernels = MxmOptions.Kernels.SERVER;

  @Override
  public void run() {
    MxmOptions o = MxmOptions.defaults().transposeA(transposeA).algorithm(algorithm)
        .rows(ScanCommand.parseSpec("--rows", rows)).cols(ScanCommand.parseSpec("--cols", cols))
        .inner(ScanCommand.parseSpec("--inner", inner)).transposeOut(transposeOut);
    parse("--semiring", () -> o.semiring(Semirings.named(semiring)));
    parse("--codec", () -> o.codec(ValueCodec.named(codec)));
    parse("--workers", () -> o.workers(workers));
    parse("--batch", () -> o.batchRows(batch));
    parse("--unit", () -> o.unitEntries(unit));
    o.kernels(kernels);
    if (mask == null && (structure || complement)) {
      throw new TabuloException((structure ? "--structure" : "--complement") + " needs --mask M");
    }
    if (mask != null) {
      o.mask(mask, structure, complement);
    }
    if (accum != null) {
      parse("--accum", () -> o.accum(BinaryOps.named(accum)));
    }
    if (auths != null) {
      o.auths(SetAuthsCommand.parse(auths, "--auths"));
    }
    Progress progress = Progress.onTerminal("mult partial products", 0);
    o.progress(progress::update);
    try (Store store = main.openStore()) {
      MxmResult r = Mxm.multiply(store, a, b, c, o);
      progress.done();
      main.err().printf("mult: algorithm %s (%s)%n", r.algorithm().name().toLowerCase(), r.reason());
      main.out().printf("%s: %,d partial products, %,d entries in %s, %.2f s, %,.0f partial products/s%n",
          r.algorithm().name().toLowerCase(), r.partialProducts(), r.entriesWritten(), c, r.seconds(),
          r.partialProductsPerSecond());
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
