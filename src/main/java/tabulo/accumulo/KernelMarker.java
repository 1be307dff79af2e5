package tabulo.accumulo;

import java.nio.charset.StandardCharsets;

import org.apache.accumulo.core.data.Value;

/**
 * What a kernel running in a tablet server returns to the client after each unit: the partial products,
 * entries read and entries written in it, the entries it read from tablets other tablet servers host
 * ({@code remote}), and whether it was the first unit after a resume; or an error message the
 * client reports to the user (a bad value, a unit interrupted half written).
 */
record KernelMarker(long work, long entriesRead, long entriesWritten, long remote, boolean resumed, String error) {

  static KernelMarker progress(long work, long entriesRead, long entriesWritten, long remote, boolean resumed) {
    return new KernelMarker(work, entriesRead, entriesWritten, remote, resumed, null);
  }

  static KernelMarker failure(String message) {
    return new KernelMarker(0, 0, 0, 0, false, message);
  }

  Value encode() {
    String s = error != null ? "E " + error : "P " + work + " " + entriesRead + " " + entriesWritten + " " + remote
        + " " + (resumed ? 1 : 0);
    return new Value(s.getBytes(StandardCharsets.UTF_8));
  }

  static KernelMarker decode(Value v) {
    String s = new String(v.get(), StandardCharsets.UTF_8);
    if (s.startsWith("E ")) {
      return failure(s.substring(2));
    }
    String[] f = s.split(" ");
    if (f.length != 6 || !f[0].equals("P")) {
      throw new IllegalArgumentException("not a kernel marker of this version of Tabulo (is the tablet servers' "
          + "tabulo-server.jar the client's?): " + s);
    }
    return progress(Long.parseLong(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3]), Long.parseLong(f[4]),
        f[5].equals("1"));
  }
}
