package tabulo.storage;

import tabulo.rfile.CellFields;

/** Takes a scan's cells one by one, read in place (see {@link Scan#forEachCell}). */
@FunctionalInterface
public interface CellSink {
  /** Takes one cell, valid only during the call; returns false to end the scan early. */
  boolean accept(CellFields cell);
}
