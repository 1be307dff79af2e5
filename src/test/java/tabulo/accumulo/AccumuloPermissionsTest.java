package tabulo.accumulo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;

import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.security.tokens.PasswordToken;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.TablePermission;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import tabulo.storage.ScanSpec;
import tabulo.storage.SortedLoader;
import tabulo.storage.TableWriter;
import tabulo.storage.TabuloException;

/**
 * On Accumulo, a missing table permission is told as such ("permission denied: user bob lacks READ on
 * table T"), not as Accumulo's ThriftSecurityException; and a bulk load refuses a work directory others
 * may write, before any file goes into it, leaving the table as it was.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AccumuloPermissionsTest {
  @TempDir
  Path tmp;

  private static String table(String hint) throws Exception {
    String t = "perm_" + hint + "_" + System.nanoTime();
    AccumuloClient root = MiniAccumulo.client();
    root.tableOperations().create(t);
    try (BatchWriter w = root.createBatchWriter(t)) {
      Mutation m = new Mutation("r");
      m.put("", "c", "1");
      w.addMutation(m);
    }
    return t;
  }

  /** Runs {@code body} as a new user {@code name} holding only {@code grants} on {@code table}. */
  private static void asUser(String name, String table, TablePermission[] grants, UserBody body) throws Exception {
    AccumuloClient root = MiniAccumulo.client();
    String password = MiniCluster.randomPassword();
    if (root.securityOperations().listLocalUsers().contains(name)) {
      root.securityOperations().dropLocalUser(name);
    }
    root.securityOperations().createLocalUser(name, new PasswordToken(password));
    try {
      for (TablePermission p : grants) {
        root.securityOperations().grantTablePermission(name, table, p);
      }
      try (AccumuloStore s = new AccumuloStore(
          MiniAccumulo.cluster().createAccumuloClient(name, new PasswordToken(password)), true)) {
        body.run(s);
      }
    } finally {
      root.securityOperations().dropLocalUser(name);
    }
  }

  private interface UserBody {
    void run(AccumuloStore s) throws Exception;
  }

  @Test
  void scanWithoutReadSaysWhichPermissionOnWhichTable() throws Exception {
    String t = table("read");
    asUser("bob", t, new TablePermission[0], s -> {
      for (ScanSpec spec : new ScanSpec[] {ScanSpec.all(), ScanSpec.all().unordered(2)}) {
        TabuloException e = assertThrows(TabuloException.class, () -> s.scanAll(t, spec));
        assertEquals("permission denied: user bob lacks READ on table " + t, e.getMessage());
      }
    });
  }

  @Test
  void writeWithoutWriteSaysWhichPermissionOnWhichTable() throws Exception {
    String t = table("write");
    asUser("carol", t, new TablePermission[] {TablePermission.READ}, s -> {
      TabuloException e = assertThrows(TabuloException.class, () -> {
        try (TableWriter w = s.writer(t)) {
          Mutation m = new Mutation("r2");
          m.put("", "c", "2");
          w.addMutation(m);
        }
      });
      assertEquals("permission denied: user carol lacks WRITE on table " + t, e.getMessage());
      assertEquals(1, s.scanAll(t, ScanSpec.all()).size(), "table unchanged");
    });
  }

  @Test
  void bulkLoadRefusesAWorkDirectoryOthersMayWrite() throws Exception {
    String t = table("work");
    Path work = Files.createDirectory(tmp.resolve("work"));
    Files.setPosixFilePermissions(work, PosixFilePermissions.fromString("rwxrwxrwx"));
    AccumuloStore store = new AccumuloStore(MiniAccumulo.client()).workDir(work.toString());
    TabuloException e = assertThrows(TabuloException.class, () -> {
      try (SortedLoader l = store.bulkLoad(t)) {
        for (int i = 0; i <= AccumuloBulkLoader.WRITER_LIMIT; i++) {
          l.append(new Key(String.format("k%08d", i), "", "c"), new Value("1"));
        }
      }
    });
    assertTrue(e.getMessage().startsWith("the work directory " + work + " (tabulo.work.dir) can be read or written"
        + " by other users (mode rwxrwxrwx)"), e.getMessage());
    assertEquals(0, Files.list(work).count(), "nothing written into it");
    assertEquals(1, store.scanAll(t, ScanSpec.all()).size(), "table unchanged");
  }
}
