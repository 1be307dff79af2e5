package tabulo.accumulo;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.util.List;

import org.junit.jupiter.api.Test;

/** Tablet servers share this machine's clock only when every one of them is on this machine. */
class ServerClocksTest {
  @Test
  void serversOnLoopbackOrThisHostShareItsClock() throws Exception {
    String self = InetAddress.getLocalHost().getHostName();
    assertTrue(ServerClocks.allOnThisMachine(List.of("127.0.0.1:9997", "localhost:9998", self + ":9999")));
    assertTrue(ServerClocks.allOnThisMachine(List.of("[::1]:9997")),
        "an IPv6 loopback address with its port");
  }

  @Test
  void oneServerElsewhereOrNoneMeansClocksMayDiffer() {
    // 192.0.2.0/24 is reserved for documentation (RFC 5737): never an address of this machine
    assertFalse(ServerClocks.allOnThisMachine(List.of("127.0.0.1:9997", "192.0.2.1:9997")));
    assertFalse(ServerClocks.allOnThisMachine(List.of("no-such-host.invalid:9997")));
    assertFalse(ServerClocks.allOnThisMachine(List.of()));
  }
}
