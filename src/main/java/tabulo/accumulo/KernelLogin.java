package tabulo.accumulo;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.security.tokens.CredentialProviderToken;
import org.apache.accumulo.core.client.security.tokens.PasswordToken;

import tabulo.storage.TabuloException;

/**
 * How a kernel inside a tablet server logs in to read and write other tables: the instance, the run's
 * short-lived user, where its password is kept (a Hadoop credential store and the alias in it), the work
 * directory, and the run's directory where large outputs are left as files for the client to import
 * ({@code filesOnly}: every output, however small, when the client may import them).
 * These travel as iterator options; the password itself never does.
 */
record KernelLogin(String instance, String zookeepers, String user, String credentialStore, String workDir,
    String bulkDir, boolean filesOnly) {
  static final String ALIAS = "tabulo.kernel.password";
  private static final String PREFIX = "login.";

  Map<String, String> toOptions() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put(PREFIX + "instance", instance);
    m.put(PREFIX + "zookeepers", zookeepers);
    m.put(PREFIX + "user", user);
    m.put(PREFIX + "credentialStore", credentialStore);
    m.put(PREFIX + "workDir", workDir);
    m.put(PREFIX + "bulkDir", bulkDir);
    m.put(PREFIX + "filesOnly", Boolean.toString(filesOnly));
    return m;
  }

  static KernelLogin fromOptions(Map<String, String> m) {
    return new KernelLogin(m.get(PREFIX + "instance"), m.get(PREFIX + "zookeepers"), m.get(PREFIX + "user"),
        m.get(PREFIX + "credentialStore"), m.get(PREFIX + "workDir"), m.get(PREFIX + "bulkDir"),
        Boolean.parseBoolean(m.get(PREFIX + "filesOnly")));
  }

  /** The same login with another directory for the files left to import. */
  KernelLogin withBulkDir(String dir) {
    return new KernelLogin(instance, zookeepers, user, credentialStore, workDir, dir, filesOnly);
  }

  /** Who logs in, and how: logins that differ only in their run's directory share one client. */
  record Identity(String instance, String zookeepers, String user, String credentialStore) {}

  Identity identity() {
    return new Identity(instance, zookeepers, user, credentialStore);
  }

  /** Logs in; the credential store must be readable from where this runs. */
  AccumuloClient connect() {
    CredentialProviderToken token;
    try {
      token = new CredentialProviderToken(ALIAS, credentialStore);
    } catch (IOException | RuntimeException e) {
      throw new TabuloException("a multiply kernel cannot read its credential store " + credentialStore
          + " from this tablet server (" + e.getMessage() + "): set tabulo.work.dir in the client"
          + " properties to a directory every tablet server can read, e.g. on HDFS");
    }
    // the password itself, read once: a credential-store token is sent as the store's path, and every server
    // then opens the store on every call it authenticates (reading a key store, and on a local file system
    // starting an `ls` process), several times per kernel unit
    return Accumulo.newClient().to(instance, zookeepers).as(user, new PasswordToken(token.getPassword())).build();
  }
}
