package tabulo.embedded;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * The line format of Tabulo's small metadata files (catalog, manifests): a header line, records of
 * space-separated percent-encoded words, and a closing {@code crc} line so a damaged file is detected.
 */
final class TextRecords {
  private TextRecords() {}

  static String encode(byte[] bytes) {
    StringBuilder sb = new StringBuilder(bytes.length + 8);
    for (byte b : bytes) {
      int c = b & 0xff;
      if (c > 0x20 && c < 0x7f && c != '%') {
        sb.append((char) c);
      } else {
        sb.append('%').append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 15, 16));
      }
    }
    return sb.length() == 0 ? "%" : sb.toString(); // a lone % stands for the empty string
  }

  static String encode(String s) {
    return encode(s.getBytes(StandardCharsets.UTF_8));
  }

  static byte[] decodeBytes(String word) {
    if (word.equals("%")) {
      return new byte[0];
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(word.length());
    for (int i = 0; i < word.length(); i++) {
      char c = word.charAt(i);
      if (c == '%') {
        out.write(Integer.parseInt(word.substring(i + 1, i + 3), 16));
        i += 2;
      } else {
        out.write(c);
      }
    }
    return out.toByteArray();
  }

  static String decode(String word) {
    return new String(decodeBytes(word), StandardCharsets.UTF_8);
  }

  /** Writes records (already joined into lines) under a header, with a checksum, atomically. */
  static void write(Path file, String header, List<String> lines) throws IOException {
    StringBuilder sb = new StringBuilder(header).append('\n');
    for (String l : lines) {
      sb.append(l).append('\n');
    }
    String body = sb.toString();
    CRC32C crc = new CRC32C();
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    crc.update(bytes);
    AtomicFile.write(file, (body + "crc " + Long.toHexString(crc.getValue()) + "\n").getBytes(StandardCharsets.UTF_8));
  }

  /** Reads the records of a file written by {@link #write}, each split into words; checks header and checksum. */
  static List<String[]> read(Path file, String header) throws IOException {
    String text = Files.readString(file, StandardCharsets.UTF_8);
    int crcAt = text.lastIndexOf("crc ");
    if (!text.startsWith(header + "\n") || crcAt < 0 || !text.endsWith("\n")) {
      throw new IOException("damaged metadata file " + file + ": bad header or missing checksum");
    }
    String body = text.substring(0, crcAt);
    CRC32C crc = new CRC32C();
    crc.update(body.getBytes(StandardCharsets.UTF_8));
    if (!Long.toHexString(crc.getValue()).equals(text.substring(crcAt + 4, text.length() - 1))) {
      throw new IOException("damaged metadata file " + file + ": checksum mismatch");
    }
    List<String[]> records = new ArrayList<>();
    String[] lines = body.split("\n");
    for (int i = 1; i < lines.length; i++) {
      if (!lines[i].isEmpty()) {
        records.add(lines[i].split(" "));
      }
    }
    return records;
  }
}
