package tabulo.cli;

import java.io.OutputStream;
import java.io.PrintWriter;
import java.util.List;

import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.security.Authorizations;

import tabulo.d4m.Schema;
import tabulo.ingest.TsvExport;
import tabulo.ingest.TsvWriter;
import tabulo.ops.Matrix;
import tabulo.ops.Session;
import tabulo.ops.Mxm;
import tabulo.ops.SchemaCorrelation;
import tabulo.select.KeySpec;
import tabulo.storage.ScanSpec;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;

/**
 * D4M's sqIn of two column types of a schema ({@link SchemaCorrelation}), computed next to the data into a
 * temporary of the session, printed as sorted TSV and deleted with the session.
 */
final class QueryCorrelation {
  private QueryCorrelation() {}

  /** Prints C = Tedge(:, first)^T Tedge(:, second) read with {@code auths} (null: all of the user's). */
  static void print(Store store, Schema schema, KeySpec first, KeySpec second, Authorizations auths, OutputStream out,
      PrintWriter err) {
    // Ctrl-C stops the multiply at its next kernel run; closing the session deletes the temporary
    try (Session session = CtrlC.guard(Session.open(store))) {
      if (auths != null) {
        session.auths(auths);
      }
      Mxm product = SchemaCorrelation.plan(session, schema, first, second);
      Matrix c = product.temporary();
      if (product.result().left() != null) {
        err.printf("query: %s%n", product.result().left()); // which table gave Tedge^T, and why
      }
      Authorizations readAs = session.auths();
      try {
        TsvExport.write(store, c.table(), List.of(new Range()), part -> ScanSpec.all().auths(readAs).ranges(part),
            new TsvExport.Options(1, 0, false), out);
      } catch (TsvWriter.OutputFailed e) {
        if (String.valueOf(e.getCause().getMessage()).contains("Broken pipe")) {
          return; // the reader has gone (query ... | head)
        }
        throw new TabuloException("cannot write the output: " + TabuloException.reason(e.getCause()), e);
      }
    }
  }
}
