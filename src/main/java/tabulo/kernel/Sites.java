package tabulo.kernel;

/**
 * Where a tablet run's kernel runs, beside the rows it reads from other tables: which of those rows live
 * on another server (on Accumulo, in a tablet another tablet server hosts), so a kernel can count the
 * entries it fetched over the network. A host of one process knows no servers ({@link #NONE}).
 */
@FunctionalInterface
public interface Sites {
  /** No servers: nothing is remote by location. */
  Sites NONE = table -> null;

  /** For rows of {@code table}: whether a row lies on another server than the run's; null when unknown. */
  RemoteRows of(String table);

  /** Whether one row of a table lies on another server. */
  @FunctionalInterface
  interface RemoteRows {
    boolean remote(byte[] row);
  }
}
