package tabulo.accumulo;

import java.io.IOException;
import java.net.URI;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.admin.SecurityOperations;
import org.apache.accumulo.core.client.security.tokens.PasswordToken;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.TablePermission;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.security.alias.CredentialProvider;
import org.apache.hadoop.security.alias.CredentialProviderFactory;

import tabulo.storage.TableNames;
import tabulo.storage.TabuloException;

/**
 * A short-lived Accumulo user for server-side kernels: it holds exactly the runs' authorizations, may read
 * the inputs and write the outputs of the runs it has served ({@link #allow}), and is dropped when the
 * store that made it closes (one command, one session of an algorithm), so that a run does not pay for a
 * new user and for a new login inside every tablet server. Its random password exists only in a Hadoop
 * credential store (a JCEKS file only its owner may read) in {@code secrets/} of the work directory;
 * kernels get the store's path, never the password, so the caller's and this user's secrets appear in no
 * iterator option, log, message or {@code listscans}.
 */
final class KernelUser implements AutoCloseable {
  private static final SecureRandom RANDOM = new SecureRandom();

  private final AccumuloClient caller;
  private final String name;
  private final Path credentialFile;
  private final KernelLogin login;

  // temporaries (reserved names) granted already, remembered until a table of that name is made again
  private final java.util.Set<String> readable = java.util.concurrent.ConcurrentHashMap.newKeySet();
  private final java.util.Set<String> writable = java.util.concurrent.ConcurrentHashMap.newKeySet();

  private KernelUser(AccumuloClient caller, String name, Path credentialFile, KernelLogin login) {
    this.caller = caller;
    this.name = name;
    this.credentialFile = credentialFile;
    this.login = login;
  }

  /** Creates the user with these authorizations (the caller must hold them) and no table permissions yet. */
  static KernelUser create(AccumuloClient caller, String workDir, Authorizations auths) {
    String name = "tabulo_run_" + HexFormat.of().formatHex(randomBytes(8));
    char[] password = Base64.getUrlEncoder().withoutPadding().encodeToString(randomBytes(24)).toCharArray();
    SecurityOperations sec = caller.securityOperations();
    Path file = new Path(new Path(workDir, WorkDirectory.SECRETS), name + ".jceks");
    try {
      sec.createLocalUser(name, new PasswordToken(new String(password)));
    } catch (AccumuloSecurityException e) {
      throw new TabuloException("user " + caller.whoami() + " may not create users (" + e.getSecurityErrorCode()
          + "): server-side kernels run as a short-lived user per run, so the caller needs the System"
          + " permissions CREATE_USER, DROP_USER and ALTER_USER and GRANT on the tables; or multiply in"
          + " the client with --kernels=client");
    } catch (AccumuloException e) {
      throw new TabuloException("cannot create the kernels' user: " + AccumuloStore.rootMessage(e), e);
    }
    KernelUser user = null;
    try {
      String store = writeCredential(file, password);
      user = new KernelUser(caller, name, file, new KernelLogin(caller.properties().getProperty("instance.name"),
          caller.properties().getProperty("instance.zookeepers"), name, store, workDir,
          new Path(new Path(workDir, "bulk"), name).toString(), AccumuloStore.mayBulkImport(caller)));
      sec.changeUserAuthorizations(name, auths);
      return user;
    } catch (AccumuloSecurityException e) {
      close(caller, name, file);
      throw new TabuloException("user " + caller.whoami() + " may not grant the kernels' user what a run needs ("
          + e.getSecurityErrorCode() + "); or multiply in the client with --kernels=client");
    } catch (AccumuloException | IOException | RuntimeException e) {
      close(caller, name, file);
      throw new TabuloException("cannot set up the kernels' user: " + AccumuloStore.rootMessage(e), e);
    } finally {
      java.util.Arrays.fill(password, '\0');
    }
  }

  /**
   * Lets the user read {@code reads} and read and write {@code writes}, granting only what it lacks (a
   * user table deleted and made again under the same name has lost its grants, so they are checked; a
   * temporary's are remembered, and forgotten when the store makes a table of its name).
   */
  void allow(String[] reads, String[] writes) {
    SecurityOperations sec = caller.securityOperations();
    try {
      for (String t : reads) {
        if (!TableNames.isReserved(t) || !readable.contains(t)) {
          grant(sec, t, TablePermission.READ);
          if (TableNames.isReserved(t)) {
            readable.add(t);
          }
        }
      }
      for (String t : writes) {
        if (TableNames.isReserved(t)) {
          if (!writable.contains(t)) {
            // a run's own new temporary holds no grant yet: grant without asking first (two round trips less)
            sec.grantTablePermission(name, t, TablePermission.READ);
            sec.grantTablePermission(name, t, TablePermission.WRITE);
            readable.add(t);
            writable.add(t);
          }
        } else {
          grant(sec, t, TablePermission.READ);
          grant(sec, t, TablePermission.WRITE);
        }
      }
    } catch (AccumuloSecurityException e) {
      throw new TabuloException("user " + caller.whoami() + " may not grant the kernels' user what a run needs ("
          + e.getSecurityErrorCode() + "); or multiply in the client with --kernels=client");
    } catch (AccumuloException e) {
      throw new TabuloException("cannot grant the kernels' user its tables: " + AccumuloStore.rootMessage(e), e);
    }
  }

  /** A table of this name was made (again): it holds no grant for this user. */
  void forget(String table) {
    readable.remove(table);
    writable.remove(table);
  }

  private void grant(SecurityOperations sec, String table, TablePermission p)
      throws AccumuloException, AccumuloSecurityException {
    if (!sec.hasTablePermission(name, table, p)) {
      sec.grantTablePermission(name, table, p);
    }
  }

  /** The login for one run: its own directory for the files its kernels leave to import. */
  KernelLogin loginForRun() {
    return login.withBulkDir(new Path(new Path(login.bulkDir()), "run-" + HexFormat.of().formatHex(randomBytes(8)))
        .toString());
  }

  String name() {
    return name;
  }

  /** Drops the user and removes its credential store and whatever its kernels left in the run's directory. */
  @Override
  public void close() {
    try {
      close(caller, name, credentialFile);
    } finally {
      try {
        Path bulk = new Path(login.bulkDir());
        bulk.getFileSystem(WorkDirectory.HADOOP_CONF).delete(bulk, true);
      } catch (IOException e) {
        // leftover files of a finished run hold nothing anyone reads
      }
    }
  }

  private static void close(AccumuloClient caller, String name, Path file) {
    try {
      caller.securityOperations().dropLocalUser(name);
    } catch (AccumuloException | AccumuloSecurityException e) {
      throw new TabuloException("cannot drop the kernels' user " + name + ": " + AccumuloStore.rootMessage(e), e);
    } finally {
      try {
        file.getFileSystem(WorkDirectory.HADOOP_CONF).delete(file, false); // a local checksum file goes with it
      } catch (IOException e) {
        // the user is gone, so the password opens nothing
      }
    }
  }

  /** Writes the password into a new credential store; returns the store's provider path. */
  private static String writeCredential(Path file, char[] password) throws IOException {
    Configuration conf = new Configuration();
    FileSystem fs = file.getFileSystem(conf);
    WorkDirectory.ensurePrivate(fs, file.getParent().getParent(), "work directory");
    WorkDirectory.ensurePrivate(fs, file.getParent(), "credential directory");
    URI uri = fs.makeQualified(file).toUri();
    String provider = "jceks://" + uri.getScheme() + (uri.getAuthority() == null ? "" : "@" + uri.getAuthority())
        + uri.getPath();
    conf.set(CredentialProviderFactory.CREDENTIAL_PROVIDER_PATH, provider);
    CredentialProvider p = CredentialProviderFactory.getProviders(conf).get(0);
    p.createCredentialEntry(KernelLogin.ALIAS, password);
    p.flush();
    return provider;
  }

  private static byte[] randomBytes(int n) {
    byte[] b = new byte[n];
    RANDOM.nextBytes(b);
    return b;
  }

}
