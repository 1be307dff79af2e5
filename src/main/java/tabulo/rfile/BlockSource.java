package tabulo.rfile;

import java.io.IOException;
import java.util.Arrays;

/**
 * Where an RFile's bytes come from, by position: the host decides how they are read and checked (the
 * embedded engine verifies each chunk against its checksums before handing any byte out).
 */
public interface BlockSource {
  /** Bytes read: those asked for start at {@code offset} of {@code bytes}. */
  record Block(byte[] bytes, int offset) {}

  /** The file's length in bytes. */
  long length() throws IOException;

  /**
   * The {@code length} bytes at {@code position}, read into {@code reuse} when it is large enough (null:
   * a new array), possibly with bytes around them.
   */
  Block read(long position, int length, byte[] reuse) throws IOException;

  /** Exactly the {@code length} bytes at {@code position}, in an array of their own. */
  default byte[] read(long position, int length) throws IOException {
    Block b = read(position, length, null);
    return b.offset() == 0 && b.bytes().length == length ? b.bytes()
        : Arrays.copyOfRange(b.bytes(), b.offset(), b.offset() + length);
  }
}
