package tabulo.cli;


import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import tabulo.api.Call;
import tabulo.api.Shared;
import tabulo.math.BinaryOp;
import tabulo.math.ValueCodec;
import tabulo.ops.Mask;
import tabulo.ops.Session;
import tabulo.ops.Target;
import tabulo.storage.Store;
import tabulo.util.Progress;

/**
 * The output options of the commands not yet declared in {@link tabulo.api.Declarations} (reduce, mult), as
 * a picocli mixin: the mask and accumulator of C&lt;M&gt; accum= T, the authorizations and codec the inputs
 * are read with, and where kernels run. Their help is {@link Shared}'s, as the declared commands show it.
 */
final class OutputOptions {
  /** Where the kernels run when the store can host them (Accumulo's tablet servers). */
  enum Kernels {
    /** Inside the tablet servers, next to the data (the default). */
    SERVER,
    /** In this process, reading and writing through the store's client. */
    CLIENT
  }

  @Spec(Spec.Target.MIXEE)
  CommandSpec command;

  @Option(names = "--mask", paramLabel = "M", description = Shared.MASK_HELP)
  String mask;

  @Option(names = "--structure", description = Shared.STRUCTURE_HELP)
  boolean structure;

  @Option(names = "--complement", description = Shared.COMPLEMENT_HELP)
  boolean complement;

  @Option(names = "--accum", paramLabel = "OP", description = Shared.ACCUM_HELP)
  String accum;

  @Option(names = "--auths", paramLabel = "a,b", description = Shared.AUTHS_HELP)
  String auths;

  @Option(names = "--codec", paramLabel = "decimal|long|double", description = Shared.CODEC_HELP)
  String codec = "decimal";

  @Option(names = "--kernels", paramLabel = "server|client", description = Shared.KERNELS_HELP)
  Kernels kernels = Kernels.SERVER;

  /** The value codec named by --codec. */
  ValueCodec codec() {
    return Call.codec(codec);
  }


  /** A session on {@code store} with these options; {@code progress} hears the cells computed. */
  Session session(Store store, Progress progress) {
    if (mask == null && (structure || complement)) {
      throw new CommandLine.ParameterException(command.commandLine(),
          (structure ? "--structure" : "--complement") + " needs --mask");
    }
    Session s = CtrlC.guard(Session.open(store).codec(codec()).nextToData(kernels == Kernels.SERVER)
        .progress(progress::update));
    if (auths != null) {
      s.auths(SetAuthsCommand.parse(auths, "--auths"));
    }
    return s;
  }

  /** The accumulator given with --accum, or null. */
  BinaryOp accumulator() {
    return accum == null ? null : Call.binaryOp("--accum", accum);
  }

  /** The mask given with --mask (and --structure, --complement), or null. */
  Mask mask(Session s) {
    return Call.mask(s, mask, structure, complement);
  }


  /** How the result was written, for a command's one line: " (mask ..., accum ...)" or "". */
  String how() {
    return Call.how(mask, structure, complement, accum);
  }


  /** Where the result goes: table {@code c}, through the mask, accumulated when asked. */
  Target target(Session s, String c) {
    return Target.table(c).mask(mask(s)).accum(accumulator());
  }
}
