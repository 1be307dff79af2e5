package tabulo.storage;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;

/**
 * Gives every cell of run r the timestamp {@code first + r}, whatever the caller gave: a host that has no
 * clock of its own for loaded files (Accumulo keeps a file's timestamps) stamps one command's cells so
 * that a later run wins over an earlier one, and both over what was written before {@code first}.
 */
public final class StampedLoader implements SortedLoader {
  private final SortedLoader target;
  private final long first;
  private int run;

  public StampedLoader(SortedLoader target, long first) {
    this.target = target;
    this.first = first;
  }

  @Override
  public void append(Key key, Value value) {
    Key stamped = new Key(key);
    stamped.setTimestamp(first + run);
    target.append(stamped, value);
  }

  @Override
  public void nextRun() {
    target.nextRun();
    run++;
  }

  @Override
  public void close() {
    target.close();
  }

  @Override
  public void abort() {
    target.abort();
  }

  @Override
  public boolean allOrNothing() {
    return target.allOrNothing();
  }
}
