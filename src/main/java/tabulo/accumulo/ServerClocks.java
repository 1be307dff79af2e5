package tabulo.accumulo;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.List;

import org.apache.accumulo.core.client.AccumuloClient;

/**
 * Whether the tablet servers stamp cells with this machine's clock: true when every one of them runs on
 * this machine (as a MiniAccumuloCluster's do). Then a cell written after a moment is stamped later than
 * any written before it, unless the clock is set back; with servers elsewhere, their clocks may lag this
 * one's. Looked up again after {@link #RECHECK_MILLIS}, since servers may join.
 */
final class ServerClocks {
  static final long RECHECK_MILLIS = 10_000;

  private final AccumuloClient client;
  private volatile long checkedAtMillis; // 0: never
  private volatile boolean oneClock;

  ServerClocks(AccumuloClient client) {
    this.client = client;
  }

  /** Whether every tablet server is on this machine (false when they cannot be listed). */
  boolean shareThisClock() {
    long now = System.currentTimeMillis();
    if (checkedAtMillis == 0 || now - checkedAtMillis > RECHECK_MILLIS || now < checkedAtMillis) {
      boolean one;
      try {
        one = allOnThisMachine(client.instanceOperations().getTabletServers());
      } catch (RuntimeException e) {
        one = false;
      }
      oneClock = one;
      checkedAtMillis = now;
    }
    return oneClock;
  }

  /** Whether each {@code host:port} ({@code [v6 address]:port}) names this machine; false for an empty list. */
  static boolean allOnThisMachine(List<String> servers) {
    if (servers.isEmpty()) {
      return false;
    }
    for (String s : servers) {
      int colon = s.lastIndexOf(':');
      String host = colon < 0 ? s : s.substring(0, colon);
      if (host.startsWith("[") && host.endsWith("]")) {
        host = host.substring(1, host.length() - 1); // an IPv6 address, as host:port writes it
      }
      if (!isThisMachine(host)) {
        return false;
      }
    }
    return true;
  }

  static boolean isThisMachine(String host) {
    try {
      for (InetAddress a : InetAddress.getAllByName(host)) {
        if (!(a.isLoopbackAddress() || a.isAnyLocalAddress() || NetworkInterface.getByInetAddress(a) != null)) {
          return false;
        }
      }
      return true;
    } catch (UnknownHostException | SocketException e) {
      return false;
    }
  }
}
