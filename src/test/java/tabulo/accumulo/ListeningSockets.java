package tabulo.accumulo;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;

/**
 * The local addresses processes listen on, from Linux's socket tables: a process's sockets are the
 * {@code socket:[INODE]} links in /proc/PID/fd, and /proc/net/tcp and tcp6 give each inode's state and
 * local address (hexadecimal, in the host's byte order per 32-bit word).
 */
final class ListeningSockets {
  private static final String LISTEN = "0A";

  private ListeningSockets() {}

  /** Every listening TCP socket the processes hold (empty if /proc is unavailable). */
  static List<InetSocketAddress> of(List<Long> pids) throws IOException {
    Set<String> inodes = new HashSet<>();
    for (long pid : pids) {
      Path fds = Path.of("/proc", Long.toString(pid), "fd");
      if (!Files.isDirectory(fds)) {
        continue;
      }
      try (var s = Files.list(fds)) {
        for (Path fd : (Iterable<Path>) s::iterator) {
          try {
            String target = Files.readSymbolicLink(fd).toString();
            if (target.startsWith("socket:[")) {
              inodes.add(target.substring(8, target.length() - 1));
            }
          } catch (IOException e) {
            // closed meanwhile
          }
        }
      }
    }
    List<InetSocketAddress> out = new ArrayList<>();
    for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
      Path f = Path.of(table);
      if (!Files.exists(f)) {
        continue;
      }
      List<String> lines = Files.readAllLines(f);
      for (String line : lines.subList(1, lines.size())) {
        String[] c = line.trim().split("\\s+");
        if (c[3].equals(LISTEN) && inodes.contains(c[9])) {
          String[] local = c[1].split(":");
          out.add(new InetSocketAddress(address(local[0]), Integer.parseInt(local[1], 16)));
        }
      }
    }
    return out;
  }

  /** The kernel prints each 32-bit word of the address in host (little-endian) order. */
  private static InetAddress address(String hex) throws IOException {
    byte[] raw = HexFormat.of().parseHex(hex);
    for (int w = 0; w < raw.length; w += 4) {
      for (int i = 0; i < 2; i++) {
        byte t = raw[w + i];
        raw[w + i] = raw[w + 3 - i];
        raw[w + 3 - i] = t;
      }
    }
    return InetAddress.getByAddress(raw);
  }
}
