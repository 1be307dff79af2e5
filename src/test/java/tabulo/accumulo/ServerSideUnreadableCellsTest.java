package tabulo.accumulo;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.security.tokens.PasswordToken;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.SystemPermission;
import org.apache.accumulo.core.security.TablePermission;
import org.junit.jupiter.api.Test;

import tabulo.ops.UnreadableCellsTest;
import tabulo.storage.Store;

/**
 * Assign and accumulation by a user holding one of root's two labels, kernels in the tablet servers: the
 * cells that user cannot read stay exactly, and a cell root writes for a third user's label survives root's
 * accumulation (the embedded engine's check, on Accumulo's users, permissions and labels).
 */
class ServerSideUnreadableCellsTest {
  @Test
  void assignAndAccumulationKeepTheCellsTheCallerCannotRead() throws Exception {
    AccumuloStore rootStore = MiniAccumulo.store();
    AccumuloClient root = rootStore.client();
    Authorizations saved = rootStore.authorizations("root");
    Set<String> labels = new HashSet<>(List.of("red", "blue"));
    saved.getAuthorizations().forEach(b -> labels.add(new String(b, java.nio.charset.StandardCharsets.UTF_8)));
    rootStore.setAuthorizations("root", new Authorizations(labels.toArray(new String[0])));
    Map<String, String> passwords = new HashMap<>();
    try {
      UnreadableCellsTest.check(new UnreadableCellsTest.Users() {
        @Override
        public Store open(String user) {
          if (user.equals("root")) {
            return new AccumuloStore(root); // the shared client, left open
          }
          return new AccumuloStore(Accumulo.newClient().from(root.properties()).as(user, passwords.get(user)).build(),
              true);
        }

        @Override
        public void grant(Store any, String user, Authorizations auths, List<String> tables) {
          try {
            if (!passwords.containsKey(user)) {
              passwords.put(user, MiniCluster.randomPassword());
              root.securityOperations().createLocalUser(user, new PasswordToken(passwords.get(user)));
              // its own temporaries, and the kernel user its server-side kernels run as
              for (SystemPermission p : new SystemPermission[] {SystemPermission.CREATE_TABLE,
                  SystemPermission.CREATE_USER, SystemPermission.DROP_USER, SystemPermission.ALTER_USER}) {
                root.securityOperations().grantSystemPermission(user, p);
              }
            }
            root.securityOperations().changeUserAuthorizations(user, auths);
            for (String t : tables) {
              // ALTER_TABLE: Accumulo shows a table's iterators only to users who may change them, and an
              // update made beside C must be made with C's iterators
              for (TablePermission p : new TablePermission[] {TablePermission.READ, TablePermission.WRITE,
                  TablePermission.GRANT, TablePermission.ALTER_TABLE}) {
                root.securityOperations().grantTablePermission(user, t, p);
              }
            }
          } catch (Exception e) {
            throw new IllegalStateException(e);
          }
        }
      }, "SSU_");
    } finally {
      rootStore.setAuthorizations("root", saved);
      for (String user : passwords.keySet()) {
        root.securityOperations().dropLocalUser(user);
      }
    }
  }
}
