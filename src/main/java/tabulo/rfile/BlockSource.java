package tabulo.rfile;

import java.io.IOException;

/**
 * Where an RFile's bytes come from, by position: the host decides how they are read and checked (the
 * embedded engine verifies each chunk against its checksums before handing any byte out).
 */
public interface BlockSource {
  /** The file's length in bytes. */
  long length() throws IOException;

  /** Exactly the {@code length} bytes at {@code offset}, in a new array. */
  byte[] read(long offset, int length) throws IOException;
}
