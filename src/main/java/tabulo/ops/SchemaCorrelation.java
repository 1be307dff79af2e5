package tabulo.ops;

import tabulo.d4m.Schema;
import tabulo.ops.mxm.MxmOptions;
import tabulo.select.KeySpec;
import tabulo.storage.TabuloException;

/**
 * D4M's sqIn of two column types of an ingested schema: C = Tedge(:, first)^T (+.x) Tedge(:, second), planned
 * as {@link Mxm#planned} plans it (A^T read from TedgeT when ingest made the pair, B's selected columns read
 * as rows of TedgeT), so it reads only the cells of the two column types. One plan for every front end
 * ({@code tabulo query --correlate}, Python's {@code db.query(prefix, correlate=...)}).
 */
public final class SchemaCorrelation {
  private SchemaCorrelation() {}

  /** The multiply to run in {@code session}; an error naming the schema when it has no Tedge. */
  public static Mxm plan(Session session, Schema schema, KeySpec first, KeySpec second) {
    String edge = schema.edge();
    if (!session.store().exists(edge)) {
      throw new TabuloException("no D4M schema " + schema.prefix() + ": no such table " + edge + " (ingest makes it)");
    }
    MxmOptions o = MxmOptions.defaults().transposeA(true).rows(first).cols(second);
    return Mxm.planned(session, edge, edge, o);
  }
}
