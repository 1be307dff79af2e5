package tabulo.ops;

import java.util.List;

import tabulo.kernel.RowStream;
import tabulo.kernel.StreamPlan;
import tabulo.select.KeySpec;

/**
 * C = A(rows, cols), D4M's SpRef as a table: A's cells whose row key matches {@code rows} and column key
 * {@code cols}, unchanged. The selections are the input's own (the kernel reads nothing else); the cells
 * are copied as {@link CopyRows} copies them.
 */
final class Extract extends StreamOperation {
  private final Matrix a;
  private final KeySpec rows;
  private final KeySpec cols;

  Extract(Matrix a, KeySpec rows, KeySpec cols) {
    super(a.session);
    this.a = a;
    this.rows = rows;
    this.cols = cols;
  }

  @Override
  protected Matrix driver() {
    return a;
  }

  @Override
  protected List<RowStream.Input> inputs() {
    return List.of(RowStream.Input.of(a.table).rows(rows).cols(cols));
  }

  @Override
  protected StreamPlan plan(StreamPlan.Settings settings) {
    return new CopyRows.Plan(settings);
  }
}
