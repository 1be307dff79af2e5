package tabulo.rfile;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;

/** A Key and Value seen as {@link CellFields}, for code that reads cells in place whatever their source. */
public final class KeyValueFields implements CellFields {
  private Key key;
  private Value value;

  /** Shows {@code k} and {@code v} until the next call (nothing is copied). */
  public KeyValueFields set(Key k, Value v) {
    this.key = k;
    this.value = v;
    return this;
  }

  @Override
  public byte[] row() {
    return array(key.getRowData());
  }

  @Override
  public int rowLength() {
    return key.getRowData().length();
  }

  @Override
  public byte[] family() {
    return array(key.getColumnFamilyData());
  }

  @Override
  public int familyLength() {
    return key.getColumnFamilyData().length();
  }

  @Override
  public byte[] qualifier() {
    return array(key.getColumnQualifierData());
  }

  @Override
  public int qualifierLength() {
    return key.getColumnQualifierData().length();
  }

  @Override
  public byte[] visibility() {
    return array(key.getColumnVisibilityData());
  }

  @Override
  public int visibilityLength() {
    return key.getColumnVisibilityData().length();
  }

  @Override
  public long timestamp() {
    return key.getTimestamp();
  }

  @Override
  public boolean deleted() {
    return key.isDeleted();
  }

  @Override
  public byte[] value() {
    return value.get();
  }

  @Override
  public int valueOffset() {
    return 0;
  }

  @Override
  public int valueLength() {
    return value.getSize();
  }

  /** Key's fields are whole arrays of their own (offset 0), so the backing array is the field. */
  private static byte[] array(org.apache.accumulo.core.data.ByteSequence s) {
    return s.offset() == 0 && s.isBackedByArray() ? s.getBackingArray() : s.toArray();
  }
}
