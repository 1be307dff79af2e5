package tabulo.embedded;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Parses the records of a write-ahead log (either {@link LogFormat} version) one position at a time,
 * telling intact records, the torn tail a crash leaves (an incomplete last record, or unwritten zeros),
 * and damage. The strict {@link LogReader} and the salvaging {@link LogRepair} share it.
 */
final class LogParser {
  enum Kind {
    /** A record whose checksums match. */
    RECORD,
    /** No more bytes. */
    END,
    /** An incomplete last record or a zero-filled tail: what a crash mid-append leaves. */
    TORN,
    /** The record's header is intact but its payload does not match its checksum; {@code next} skips it. */
    BAD_PAYLOAD,
    /** Bytes that are no record: where the next record starts is unknown. */
    DAMAGED
  }

  /** What is at one position: for RECORD the payload is {@code [payload, payload + length)}. */
  record Item(Kind kind, long position, int payload, int length, long next, String reason) {}

  private final byte[] data;
  private final boolean v2;
  private final int start;

  LogParser(byte[] data) {
    this.data = data;
    int head = Math.min(LogFormat.MAGIC.length, data.length);
    this.v2 = LogFormat.isV2(data, head);
    this.start = v2 ? LogFormat.MAGIC.length : 0;
  }

  static byte[] readAll(Path file) throws IOException {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      long size = ch.size();
      if (size > Integer.MAX_VALUE - 16) {
        throw new IOException("write-ahead log " + file + " is too large to be one (" + size + " bytes)");
      }
      ByteBuffer buf = ByteBuffer.allocate((int) size);
      while (buf.hasRemaining() && ch.read(buf) >= 0) {
        // read until full
      }
      return buf.array();
    }
  }

  boolean v2() {
    return v2;
  }

  /** Where the first record starts. */
  int start() {
    return start;
  }

  int size() {
    return data.length;
  }

  byte[] data() {
    return data;
  }

  /** Whether the magic at the start is damaged (a few bits differ): then nothing after it is trusted blindly. */
  Item magic() {
    if (!v2) {
      return null;
    }
    if (data.length < LogFormat.MAGIC.length) {
      return new Item(Kind.TORN, 0, 0, 0, data.length, "incomplete log header");
    }
    for (int i = 0; i < LogFormat.MAGIC.length; i++) {
      if (data[i] != LogFormat.MAGIC[i]) {
        return new Item(Kind.DAMAGED, 0, 0, 0, LogFormat.MAGIC.length, "damaged log header");
      }
    }
    return null;
  }

  Item at(long position) {
    int p = (int) position;
    int n = data.length;
    if (p >= n) {
      return new Item(Kind.END, p, 0, 0, p, null);
    }
    int header = v2 ? LogFormat.HEADER_V2 : LogFormat.HEADER_V1;
    if (n - p < header) {
      return torn(p, "incomplete record header");
    }
    int length = LogFormat.getInt(data, p);
    int payloadCrc = LogFormat.getInt(data, p + 4);
    if (v2 && LogFormat.getInt(data, p + 8) != LogFormat.crc(data, p, 8)) {
      return LogFormat.allZero(data, p, n) ? torn(p, "zero-filled tail")
          : damaged(p, "record header checksum mismatch");
    }
    if (length < LogFormat.MIN_PAYLOAD) {
      // In version 1 an unwritten zero tail reads as an empty record; version 2 never gets here with zeros.
      return LogFormat.allZero(data, p, n) ? torn(p, "zero-filled tail")
          : damaged(p, "impossible record length " + length);
    }
    long end = (long) p + header + length;
    if (end > n) {
      return torn(p, "incomplete last record");
    }
    int payload = p + header;
    if (LogFormat.crc(data, payload, length) != payloadCrc) {
      if (end == n && LogFormat.allZero(data, payload, n)) {
        return torn(p, "zero-filled tail");
      }
      return v2 ? new Item(Kind.BAD_PAYLOAD, p, payload, length, end, "record checksum mismatch")
          : damaged(p, "record checksum mismatch");
    }
    return new Item(Kind.RECORD, p, payload, length, end, null);
  }

  private static Item torn(int p, String why) {
    return new Item(Kind.TORN, p, 0, 0, p, why);
  }

  private static Item damaged(int p, String why) {
    return new Item(Kind.DAMAGED, p, 0, 0, p, why);
  }

  byte[] payload(Item it) {
    byte[] b = new byte[it.length()];
    System.arraycopy(data, it.payload(), b, 0, it.length());
    return b;
  }
}
