package tabulo.api;

import java.util.List;

import tabulo.api.Parameter.Type;

/**
 * The parameters many calls share, declared once: how the inputs are read ({@link Group#READ}), where the
 * result goes ({@link Group#OUTPUT}: C&lt;M&gt; accum= T), and whether an algorithm may hold a graph in memory
 * ({@link Group#IN_TABLES}). A declaration names the groups it takes.
 */
public final class Shared {
  /** The groups a declaration may take. */
  public enum Group {
    READ, OUTPUT, IN_TABLES;

    public List<Parameter> parameters() {
      return switch (this) {
        case READ -> List.of(AUTHS, CODEC, KERNELS);
        case OUTPUT -> List.of(MASK, STRUCTURE, COMPLEMENT, ACCUM);
        case IN_TABLES -> List.of(IN_TABLES_FLAG);
      };
    }
  }

  public static final String AUTHS_HELP = "Read the inputs with these authorizations (default: all of the user's); "
      + "the result is computed from the cells they can read.";
  public static final String CODEC_HELP = "Value encoding of the inputs and of the output table (default decimal).";
  public static final String KERNELS_HELP = "With --accumulo: run the kernels inside the tablet servers (default; "
      + "needs tabulo-server.jar there, see docs) or in this process.";
  public static final String MASK_HELP = "Write the result only where table M holds a value that is not zero; cells "
      + "outside the mask are not written (with --accum the output table's stay as they were).";
  public static final String STRUCTURE_HELP = "With --mask: where M holds any entry, whatever its value.";
  public static final String COMPLEMENT_HELP = "With --mask: write only where the mask does not admit.";
  public static final String ACCUM_HELP = "Combine the result into the existing output table: OP of its value and "
      + "the result's where both hold a key, else the one value (plus, min, max, second, ... or a class name).";
  public static final String IN_TABLES_HELP = "Compute every round in tables even where the kernels run in this "
      + "process (by default there an unlabelled graph is read once into arrays when it fits in a 64th of the heap).";

  public static final Parameter AUTHS = Parameter.optional("auths", Type.TEXT, "a,b", null, AUTHS_HELP);
  public static final Parameter CODEC = Parameter.optional("codec", Type.TEXT, "decimal|long|double", null,
      CODEC_HELP);
  public static final Parameter KERNELS = Parameter.optional("kernels", Type.TEXT, "server|client", null,
      KERNELS_HELP);
  public static final Parameter MASK = Parameter.optional("mask", Type.TABLE, "M", null, MASK_HELP);
  public static final Parameter STRUCTURE = Parameter.flag("structure", STRUCTURE_HELP);
  public static final Parameter COMPLEMENT = Parameter.flag("complement", COMPLEMENT_HELP);
  public static final Parameter ACCUM = Parameter.optional("accum", Type.TEXT, "OP", null, ACCUM_HELP);
  public static final Parameter IN_TABLES_FLAG = Parameter.flag("in-tables", IN_TABLES_HELP);

  private Shared() {}
}
