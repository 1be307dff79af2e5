package tabulo.rfile;

/**
 * The two flag bytes that open each entry of an RFile data block (Accumulo's RelativeKey): which fields
 * repeat the previous key's, and which share a prefix with it. One copy for the writer and the reader.
 */
final class RelativeKeyFlags {
  // first byte
  static final int ROW_SAME = 0x01;
  static final int CF_SAME = 0x02;
  static final int CQ_SAME = 0x04;
  static final int CV_SAME = 0x08;
  static final int TS_SAME = 0x10;
  static final int DELETED = 0x20;
  static final int PREFIX_COMPRESSION_ENABLED = 0x80;
  // second byte
  static final int ROW_COMMON_PREFIX = 0x01;
  static final int CF_COMMON_PREFIX = 0x02;
  static final int CQ_COMMON_PREFIX = 0x04;
  static final int CV_COMMON_PREFIX = 0x08;
  static final int TS_DIFF = 0x10;

  private RelativeKeyFlags() {}
}
