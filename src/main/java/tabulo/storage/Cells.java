package tabulo.storage;

import tabulo.rfile.CellFields;

/** A scan's cells, pulled one by one, read in place where the host can (see {@link Scan#cells}). */
@FunctionalInterface
public interface Cells {
  /** The next cell, valid until the next call; null at the end. */
  CellFields next();
}
