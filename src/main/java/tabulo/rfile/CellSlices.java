package tabulo.rfile;

import java.util.Arrays;

import org.apache.accumulo.core.data.Key;

/**
 * An entry as slices of one byte array (row, family, qualifier, visibility, value), with its timestamp
 * and delete flag: what {@link RFileWriter#append(CellSlices)} takes from packed buffers, with no Key or
 * Value built and nothing copied but into the file's block. (A cell read in place, each field in an array
 * of its own, is a {@link CellFields}.)
 */
public interface CellSlices {
  byte[] bytes();

  int rowOffset();

  int rowLength();

  int familyOffset();

  int familyLength();

  int qualifierOffset();

  int qualifierLength();

  int visibilityOffset();

  int visibilityLength();

  int valueOffset();

  int valueLength();

  long timestamp();

  boolean deleted();

  /** The cell's key, copied into a new Key. */
  static Key key(CellSlices c) {
    byte[] b = c.bytes();
    Key key = new Key(b, c.rowOffset(), c.rowLength(), b, c.familyOffset(), c.familyLength(), b,
        c.qualifierOffset(), c.qualifierLength(), b, c.visibilityOffset(), c.visibilityLength(), c.timestamp());
    key.setDeleted(c.deleted());
    return key;
  }

  /** A copy of the cell's value. */
  static byte[] value(CellSlices c) {
    return Arrays.copyOfRange(c.bytes(), c.valueOffset(), c.valueOffset() + c.valueLength());
  }
}
