package tabulo.ops.mxm;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tabulo.kernel.KernelPlan;
import tabulo.kernel.MaskFilter;
import tabulo.kernel.MatrixRow;
import tabulo.kernel.RowStream;
import tabulo.kernel.StreamPlan;
import tabulo.math.Semiring;
import tabulo.math.Semirings;

/**
 * C&lt;M&gt; for an outer product's result T, after the fact: T's parts (one cell per key and label, its
 * combiner's sums) through the mask, each taking the label of the mask cell that admits it; parts whose
 * labels become one label are summed with the semiring's plus (they were one cell's parts for the same
 * readers), so C holds one cell per key and label and needs no combiner.
 */
public final class MaskedParts {
  static final String KIND = "mxm-mask";

  private MaskedParts() {}

  /**
   * The plan of T&lt;M&gt; into {@code out} (input 0: T, input 1: the mask table, consulted; {@code structure}:
   * any entry admits, {@code complement}: the other keys), run with the multiply's settings.
   */
  public static KernelPlan plan(String t, String out, String mask, boolean structure, boolean complement,
      Semiring semiring, MxmPlan.Run run) {
    RowStream.Input m = RowStream.Input.of(mask).consulted();
    List<RowStream.Input> in = List.of(RowStream.Input.of(t), structure ? m.structure() : m);
    StreamPlan.Settings s = new StreamPlan.Settings(in, List.of(out), run.codec(), run.auths(), run.unitEntries(),
        run.workers(), false, -1, false);
    return new Plan(s, semiring, complement);
  }

  /** The kernel's plan. */
  static final class Plan extends StreamPlan {
    private final Semiring semiring;
    private final boolean complement;

    Plan(Settings settings, Semiring semiring, boolean complement) {
      super(settings);
      this.semiring = semiring;
      this.complement = complement;
    }

    @Override
    public String kind() {
      return KIND;
    }

    @Override
    protected Map<String, String> opOptions() {
      return Map.of("semiring", semiring.name(), "complement", Boolean.toString(complement));
    }

    @Override
    protected RowStream.RowOp newRowOp() {
      MaskFilter filter = new MaskFilter(complement);
      return (row, rows, output) -> {
        MatrixRow r = rows[0];
        if (r == null) {
          return;
        }
        // per column (entries come in column order), the admitted parts' sums by their new label
        int e = 0;
        while (e < r.size) {
          int end = e;
          while (end < r.size && Arrays.equals(r.families[end], r.families[e])
              && Arrays.equals(r.qualifiers[end], r.qualifiers[e])) {
            end++;
          }
          Map<ByteBuffer, double[]> sums = new LinkedHashMap<>();
          for (int p = e; p < end; p++) {
            byte[] label = filter.admit(rows[1], r.families[p], r.qualifiers[p], r.visibilities[p]);
            if (label != null) {
              double[] sum = sums.get(ByteBuffer.wrap(label));
              if (sum == null) {
                sums.put(ByteBuffer.wrap(label), new double[] {r.values[p]});
              } else {
                sum[0] = semiring.add(sum[0], r.values[p]);
              }
            }
          }
          int first = e;
          sums.forEach((label, sum) -> output.put(0, row, r.families[first], r.qualifiers[first], label.array(),
              codec().encode(sum[0])));
          e = end;
        }
      };
    }
  }

  /** Decodes the plan in tablet servers. */
  public static final class Kind implements KernelPlan.Kind {
    @Override
    public String name() {
      return KIND;
    }

    @Override
    public Plan decode(Map<String, String> options) {
      return new Plan(StreamPlan.Settings.decode(options), Semirings.named(options.get("semiring")),
          Boolean.parseBoolean(options.get("complement")));
    }
  }
}
