package tabulo.bench;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes one-dimensional numpy .npy files (format 1.0, little-endian), which numpy.load maps whole. */
final class NpyWriter {
  private NpyWriter() {}

  static void write(Path file, long[] values) throws IOException {
    try (OutputStream out = open(file, "<i8", values.length)) {
      ByteBuffer b = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
      for (long v : values) {
        if (!b.hasRemaining()) {
          drain(b, out);
        }
        b.putLong(v);
      }
      drain(b, out);
    }
  }

  static void write(Path file, double[] values) throws IOException {
    try (OutputStream out = open(file, "<f8", values.length)) {
      ByteBuffer b = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
      for (double v : values) {
        if (!b.hasRemaining()) {
          drain(b, out);
        }
        b.putDouble(v);
      }
      drain(b, out);
    }
  }

  private static void drain(ByteBuffer b, OutputStream out) throws IOException {
    out.write(b.array(), 0, b.position());
    b.clear();
  }

  /** The magic, the version and a header padded with spaces so that the data starts at a multiple of 64. */
  private static OutputStream open(Path file, String dtype, int length) throws IOException {
    String dict = "{'descr': '" + dtype + "', 'fortran_order': False, 'shape': (" + length + ",), }";
    int unpadded = 10 + dict.length() + 1;
    String header = dict + " ".repeat((64 - unpadded % 64) % 64) + "\n";
    OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16);
    out.write(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0});
    int n = header.length();
    out.write(new byte[] {(byte) n, (byte) (n >>> 8)});
    out.write(header.getBytes(StandardCharsets.US_ASCII));
    return out;
  }
}
