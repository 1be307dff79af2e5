package tabulo.python;

import java.util.ArrayList;
import java.util.List;

import org.apache.accumulo.core.security.Authorizations;

import tabulo.math.BinaryOp;
import tabulo.math.ValueCodec;
import tabulo.ops.Mask;
import tabulo.ops.Session;
import tabulo.ops.Target;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;

/**
 * The options every operation from Python shares, as the command line's output options: the mask and
 * accumulator of C&lt;M&gt; accum= T, the authorizations and codec the inputs are read with, and where
 * kernels run. Mistakes are errors naming the Python parameter.
 */
public final class OutputSpec {
  private String mask;
  private boolean structure;
  private boolean complement;
  private BinaryOp accum;
  private Authorizations auths;
  private ValueCodec codec = ValueCodec.named("decimal");
  private boolean nextToData = true;
  private boolean inMemory = true;

  public OutputSpec mask(String table, boolean structure, boolean complement) {
    if (table == null && (structure || complement)) {
      throw new TabuloException((structure ? "structure" : "complement") + " needs mask");
    }
    this.mask = table;
    this.structure = structure;
    this.complement = complement;
    return this;
  }

  public OutputSpec accum(String name) {
    this.accum = name == null ? null : tabulo.api.Call.binaryOp("accum", name);
    return this;
  }

  /** Authorizations as "a,b" (null: all of the user's). */
  public OutputSpec auths(String list) {
    if (list == null) {
      this.auths = null;
      return this;
    }
    List<String> out = new ArrayList<>();
    for (String s : list.split(",")) {
      if (s.isEmpty()) {
        continue;
      }
      if (s.isBlank()) {
        throw new TabuloException("auths: invalid authorization '" + s + "': it is blank");
      }
      out.add(s);
    }
    this.auths = new Authorizations(out.toArray(new String[0]));
    return this;
  }

  public OutputSpec codec(String name) {
    this.codec = tabulo.api.Call.codec(name);
    return this;
  }

  /** "server" (default: inside the store's servers when it has them) or "client" (this process). */
  public OutputSpec kernels(String where) {
    if (!where.equals("server") && !where.equals("client")) {
      throw new TabuloException("kernels: expected server or client, got '" + where + "'");
    }
    this.nextToData = where.equals("server");
    return this;
  }

  /**
   * pagerank, components, ktruss, jaccard, triangles: compute in tables even where the kernels run next to
   * the data in this process (by default there an unlabelled graph is read once into arrays).
   */
  public OutputSpec inTables(boolean t) {
    this.inMemory = !t;
    return this;
  }

  boolean hasMaskOrAccum() {
    return mask != null || accum != null;
  }

  BinaryOp accumulator() {
    return accum;
  }

  ValueCodec codec() {
    return codec;
  }

  /** A session on {@code store} with these options, reporting progress to and cancelled by {@code job}. */
  Session session(Store store, Job job) {
    Session s = Session.open(store).codec(codec).nextToData(nextToData).inMemory(inMemory).progress(job::progress)
        .cancelled(job::cancelled);
    if (auths != null) {
      s.auths(auths);
    }
    return s;
  }

  Mask mask(Session s) {
    return tabulo.api.Call.mask(s, mask, structure, complement);
  }


  /** Table {@code c} through the mask, accumulated when asked. */
  Target target(Session s, String c) {
    return Target.table(c).mask(mask(s)).accum(accum);
  }
}
