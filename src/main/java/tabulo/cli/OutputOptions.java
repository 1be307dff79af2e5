package tabulo.cli;

import picocli.CommandLine.Option;

import tabulo.math.BinaryOp;
import tabulo.math.BinaryOps;
import tabulo.math.ValueCodec;
import tabulo.ops.Mask;
import tabulo.ops.Session;
import tabulo.ops.Target;
import tabulo.ops.mxm.MxmOptions;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;
import tabulo.util.Progress;

/**
 * The options every command writing a result table C shares (a picocli mixin): the mask, the accumulator,
 * the authorizations and codec it reads with, and where its kernels run.
 */
final class OutputOptions {
  @Option(names = "--mask", paramLabel = "M", description = "Write only the keys where table M holds a value that "
      + "is not zero (C<M>); with --accum, C's other entries stay.")
  String mask;

  @Option(names = "--structure", description = "With --mask: every key M holds, whatever its value.")
  boolean structure;

  @Option(names = "--complement", description = "With --mask: the keys M does not admit instead.")
  boolean complement;

  @Option(names = "--accum", paramLabel = "OP", description = "Combine the result into the existing C with this "
      + "binary operator (C = C OP T where both have a key, else the one value); without it C must not exist.")
  String accum;

  @Option(names = "--auths", paramLabel = "a,b", description = "Read with these authorizations (default: all of "
      + "yours).")
  String auths;

  @Option(names = "--codec", paramLabel = "decimal|long|double", description = "Value encoding (default decimal).")
  String codec = "decimal";

  @Option(names = "--kernels", paramLabel = "server|client", description = "With --accumulo: run the kernels "
      + "inside the tablet servers (default) or in this process.")
  MxmOptions.Kernels kernels = MxmOptions.Kernels.SERVER;

  /** A session on {@code store} with these options, reporting progress on a terminal as {@code what}. */
  Session session(Store store, Progress progress) {
    Session s = Session.open(store).nextToData(kernels == MxmOptions.Kernels.SERVER).progress(progress::update);
    try {
      s.codec(ValueCodec.named(codec));
    } catch (IllegalArgumentException e) {
      throw new TabuloException("--codec: " + e.getMessage());
    }
    if (auths != null) {
      s.auths(SetAuthsCommand.parse(auths, "--auths"));
    }
    return s;
  }

  /** The accumulator named by --accum, or null. */
  BinaryOp accumulator() {
    if (accum == null) {
      return null;
    }
    try {
      return BinaryOps.named(accum);
    } catch (IllegalArgumentException e) {
      throw new TabuloException("--accum: " + e.getMessage());
    }
  }

  /** The mask named by --mask, or null; --structure and --complement need it. */
  Mask mask(Session s) {
    if (mask == null) {
      if (structure || complement) {
        throw new TabuloException((structure ? "--structure" : "--complement") + " needs --mask");
      }
      return null;
    }
    if (!s.store().exists(mask)) {
      throw new TabuloException("no such mask table: " + mask);
    }
    Mask m = Mask.of(s.matrix(mask));
    m = structure ? m.structure() : m;
    return complement ? m.complement() : m;
  }

  /** Where the result goes: table {@code c}, through the mask, accumulated when asked. */
  Target target(Session s, String c) {
    BinaryOp op = accumulator();
    return Target.table(c).mask(mask(s)).accum(op);
  }

  /** How the result was written, for the command's one line: " (mask ..., accum ...)" or "". */
  String how() {
    String m = mask == null ? "" : "mask " + (complement ? "!" : "") + (structure ? "struct(" + mask + ")" : mask);
    String a = accum == null ? "" : "accum " + accum;
    String both = m.isEmpty() || a.isEmpty() ? m + a : m + ", " + a;
    return both.isEmpty() ? "" : " (" + both + ")";
  }
}
