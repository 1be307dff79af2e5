package tabulo.embedded;

import java.util.zip.CRC32C;

/**
 * The layout of write-ahead logs. A log starts with {@link #MAGIC} (version 2); each record is
 * {@code [length][crc32c of payload][crc32c of the 8 bytes before][payload]}, big-endian. The header's
 * own checksum tells a damaged length from a record cut short by a crash, which LevelDB's format cannot.
 * Version 1 logs (written before) have no magic and records {@code [length][crc32c of payload][payload]}.
 */
final class LogFormat {
  /** A first byte no version 1 log can start with (its length field is never negative). */
  static final byte[] MAGIC = {(byte) 0x89, 'T', 'B', 'L', 'O', 'G', '\n', 2};
  static final int HEADER_V2 = 12;
  static final int HEADER_V1 = 8;
  /** A record holds at least a timestamp and a count: a shorter one is damage, not data. */
  static final int MIN_PAYLOAD = 12;

  private LogFormat() {}

  static int crc(byte[] b, int off, int len) {
    CRC32C c = new CRC32C();
    c.update(b, off, len);
    return (int) c.getValue();
  }

  static int getInt(byte[] b, int at) {
    return (b[at] & 0xff) << 24 | (b[at + 1] & 0xff) << 16 | (b[at + 2] & 0xff) << 8 | (b[at + 3] & 0xff);
  }

  static void putInt(byte[] b, int at, int v) {
    b[at] = (byte) (v >>> 24);
    b[at + 1] = (byte) (v >>> 16);
    b[at + 2] = (byte) (v >>> 8);
    b[at + 3] = (byte) v;
  }

  /**
   * Whether a file starting with {@code head} (up to 8 bytes) is a version 2 log: its magic, possibly with a
   * few bits flipped (so a damaged magic is reported as damage instead of being read as version 1).
   */
  static boolean isV2(byte[] head, int n) {
    int differing = 0;
    for (int i = 0; i < n; i++) {
      differing += Integer.bitCount((head[i] ^ MAGIC[i]) & 0xff);
    }
    return n > 0 && differing <= 3;
  }

  static boolean allZero(byte[] b, int from, int to) {
    for (int i = from; i < to; i++) {
      if (b[i] != 0) {
        return false;
      }
    }
    return true;
  }
}
