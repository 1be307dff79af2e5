package tabulo.python;

import org.apache.accumulo.core.security.Authorizations;

import tabulo.api.Call;
import tabulo.d4m.Schema;
import tabulo.d4m.TableCells;
import tabulo.ops.Matrix;
import tabulo.ops.Session;
import tabulo.ops.SchemaCorrelation;
import tabulo.select.KeySpec;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;

/**
 * The work from Python that is not a call declared in {@link tabulo.api.Declarations}: D4M's correlation of a
 * schema's column types ({@code tabulo query --correlate}), run as a {@link Job} in a session of its own that
 * is closed (its temporaries deleted) whether it ends, fails or is cancelled.
 */
public final class Operations {
  private final Store store;

  public Operations(Bridge bridge) {
    this.store = bridge.store();
  }

  /**
   * D4M's sqIn of two column types of the schema {@code prefix} ({@link SchemaCorrelation}), as {@code tabulo
   * query --correlate}: computed next to the data into a temporary of the job's session, read back whole
   * (the result is its {@link QueryResult}) and deleted with the session. Reads Tedge with {@code auths}
   * ("a,b"; null: all of the user's).
   */
  public Job correlate(String prefix, String first, String second, String auths) {
    if (prefix.isEmpty()) {
      throw new TabuloException("prefix must not be empty");
    }
    KeySpec a = Bridge.spec("correlate", first);
    KeySpec b = Bridge.spec("correlate", second);
    Authorizations reading = auths == null ? null : Call.authorizations(auths, "--auths");
    return Job.start("query", job -> {
      try (Session s = Session.open(store).progress(job::progress).cancelled(job::cancelled)) {
        if (reading != null) {
          s.auths(reading);
        }
        Matrix c = SchemaCorrelation.plan(s, new Schema(prefix), a, b).temporary();
        try (TableCells cells = TableCells.open(store, c.table(), KeySpec.all(), KeySpec.all())) {
          return QueryResult.read(cells, false, row -> true);
        }
      }
    });
  }
}
