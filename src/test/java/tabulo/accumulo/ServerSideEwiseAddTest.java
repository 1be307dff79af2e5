package tabulo.accumulo;

import java.util.Random;

import org.apache.accumulo.core.security.Authorizations;
import org.junit.jupiter.api.Test;

import tabulo.ops.EwiseAddTest;

/** EwiseAddTest's checks with the kernels inside Accumulo's tablet servers (the generic kernel iterator). */
class ServerSideEwiseAddTest {
  @Test
  void matchesBruteForceInTabletServers() throws Exception {
    AccumuloStore store = MiniAccumulo.store();
    store.client().securityOperations().changeUserAuthorizations("root", new Authorizations("red", "blue"));
    EwiseAddTest.checkAll(store, "SSEA_", new Random(12));
  }
}
