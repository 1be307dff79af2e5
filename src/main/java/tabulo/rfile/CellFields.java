package tabulo.rfile;

/**
 * A cell read in place: its key's fields as the first bytes of their arrays and its value as a slice,
 * valid until whatever hands it out moves on. Copy what must be kept. (A cell given to a writer as slices
 * of one array is a {@link CellSlices}.)
 */
public interface CellFields {
  byte[] row();

  int rowLength();

  byte[] family();

  int familyLength();

  byte[] qualifier();

  int qualifierLength();

  byte[] visibility();

  int visibilityLength();

  long timestamp();

  boolean deleted();

  byte[] value();

  int valueOffset();

  int valueLength();
}
