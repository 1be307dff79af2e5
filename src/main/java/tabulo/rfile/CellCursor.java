package tabulo.rfile;

import java.io.IOException;

import org.apache.accumulo.core.data.Key;

/** A sorted run of cells read in place, one at a time: seek, then read the top cell's fields and move on. */
public interface CellCursor extends CellFields {
  /** Positions the cursor at the first cell not before {@code start} (null: the first cell). */
  void seek(Key start) throws IOException;

  boolean hasTop();

  /** Moves to the next cell; the top cell's arrays may then hold other bytes. */
  void next() throws IOException;
}
