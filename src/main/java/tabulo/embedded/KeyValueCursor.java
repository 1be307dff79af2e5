package tabulo.embedded;

import java.io.IOException;
import java.util.List;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;

import tabulo.rfile.CellCursor;
import tabulo.rfile.KeyValueFields;

/** A source of Keys and Values (a memtable run) as a {@link CellCursor}, for merges of cells read in place. */
final class KeyValueCursor implements CellCursor {
  private final SortedKeyValueIterator<Key, Value> source;
  private final KeyValueFields fields = new KeyValueFields();

  KeyValueCursor(SortedKeyValueIterator<Key, Value> source) {
    this.source = source;
  }

  @Override
  public void seek(Key start) throws IOException {
    source.seek(start == null ? new Range() : new Range(start, true, null, false), List.of(), false);
    show();
  }

  @Override
  public boolean hasTop() {
    return source.hasTop();
  }

  @Override
  public void next() throws IOException {
    source.next();
    show();
  }

  private void show() {
    if (source.hasTop()) {
      fields.set(source.getTopKey(), source.getTopValue());
    }
  }

  @Override
  public byte[] row() {
    return fields.row();
  }

  @Override
  public int rowLength() {
    return fields.rowLength();
  }

  @Override
  public byte[] family() {
    return fields.family();
  }

  @Override
  public int familyLength() {
    return fields.familyLength();
  }

  @Override
  public byte[] qualifier() {
    return fields.qualifier();
  }

  @Override
  public int qualifierLength() {
    return fields.qualifierLength();
  }

  @Override
  public byte[] visibility() {
    return fields.visibility();
  }

  @Override
  public int visibilityLength() {
    return fields.visibilityLength();
  }

  @Override
  public long timestamp() {
    return fields.timestamp();
  }

  @Override
  public boolean deleted() {
    return fields.deleted();
  }

  @Override
  public byte[] value() {
    return fields.value();
  }

  @Override
  public int valueOffset() {
    return fields.valueOffset();
  }

  @Override
  public int valueLength() {
    return fields.valueLength();
  }
}
