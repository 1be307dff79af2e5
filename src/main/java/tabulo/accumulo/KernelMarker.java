package tabulo.accumulo;

import java.nio.charset.StandardCharsets;

import org.apache.accumulo.core.data.Value;

/**
 * What a kernel running in a tablet server returns to the client after each unit: the partial products,
 * entries read and entries written in it, and whether it was the first unit after a resume; or an error message the
 * client reports to the user (a bad value, a unit interrupted half written).
 */
record KernelMarker(long work, long entriesRead, long entriesWritten, boolean resumed, String error) {

  static KernelMarker progress(long work, long entriesRead, long entriesWritten, boolean resumed) {
    return new KernelMarker(work, entriesRead, entriesWritten, resumed, null);
  }

  static KernelMarker failure(String message) {
    return new KernelMarker(0, 0, 0, false, message);
  }

  Value encode() {
    String s = error != null ? "E " + error : "P " + work + " " + entriesRead + " " + entriesWritten + " "
        + (resumed ? 1 : 0);
    return new Value(s.getBytes(StandardCharsets.UTF_8));
  }

  static KernelMarker decode(Value v) {
    String s = new String(v.get(), StandardCharsets.UTF_8);
    if (s.startsWith("E ")) {
      return failure(s.substring(2));
    }
    String[] f = s.split(" ");
    if (f.length != 5 || !f[0].equals("P")) {
      throw new IllegalArgumentException("not a kernel marker: " + s);
    }
    return progress(Long.parseLong(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3]), f[4].equals("1"));
  }
}
