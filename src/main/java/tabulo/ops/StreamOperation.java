package tabulo.ops;

import java.util.ArrayList;
import java.util.List;

import tabulo.kernel.RowStream;
import tabulo.kernel.StreamPlan;

/**
 * An operation computed by one {@link RowStream} pass over its inputs. When its output rows are its
 * driver's rows ({@link #rowAligned}), a mask is one more input, consulted row by row inside the kernel.
 */
public abstract class StreamOperation extends Operation {
  protected StreamOperation(Session session) {
    super(session);
  }

  /** The inputs, the driver first. */
  protected abstract List<RowStream.Input> inputs();

  /** The plan for these settings (inputs, outputs, mask, tuning). */
  protected abstract StreamPlan plan(StreamPlan.Settings settings);

  /** Whether output row i comes from input row i only (so a mask can act in the kernel). */
  protected boolean rowAligned() {
    return true;
  }

  @Override
  protected boolean compute(String out, Mask mask) {
    List<RowStream.Input> in = new ArrayList<>(inputs());
    boolean inKernel = mask != null && rowAligned();
    StreamPlan.Settings s = new StreamPlan.Settings(in, List.of(out), session.codec(), session.auths(),
        session.unitEntries(), session.workers(), outputCombines(), -1, false);
    if (inKernel) {
      RowStream.Input m = RowStream.Input.of(mask.matrix().table()).consulted();
      in.add(mask.structural() ? m.structure() : m);
      s = new StreamPlan.Settings(in, List.of(out), s.codec(), s.auths(), s.unitEntries(), s.workers(),
          s.outputCombines(), in.size() - 1, mask.complemented());
    }
    StreamPlan plan = plan(s);
    session.run(plan);
    return inKernel || mask == null;
  }
}
