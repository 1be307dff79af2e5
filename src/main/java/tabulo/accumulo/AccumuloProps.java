package tabulo.accumulo;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;

import tabulo.storage.TabuloException;

/**
 * Reading and writing {@code accumulo-client.properties} files, keeping their secret out of messages:
 * every token read or written here is remembered, and {@link #redact} replaces it in any text about
 * to be shown (error lines, stack traces).
 */
public final class AccumuloProps {
  /** Tokens seen in this JVM; never printed. */
  private static final Set<String> SECRETS = new CopyOnWriteArraySet<>();

  static final String REDACTED = "****";

  private AccumuloProps() {}

  /** Reads a client properties file and registers its token as a secret. */
  public static Properties read(Path file) {
    if (!Files.isReadable(file)) {
      throw new TabuloException("cannot read Accumulo client properties file: " + file);
    }
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      p.load(r);
    } catch (IOException | IllegalArgumentException e) {
      throw new TabuloException("cannot read Accumulo client properties file " + file + ": "
          + e.getClass().getSimpleName());
    }
    secret(p.getProperty("auth.token"));
    return p;
  }

  /** Registers a secret to be removed from messages. */
  public static void secret(String s) {
    if (s != null && !s.trim().isEmpty()) {
      SECRETS.add(s.trim());
    }
  }

  /** The text with every registered secret replaced by {@code ****}. */
  public static String redact(String text) {
    if (text == null) {
      return null;
    }
    String out = text;
    for (String s : SECRETS) {
      out = out.replace(s, REDACTED);
    }
    return out;
  }

  /**
   * Writes a client properties file for a password user, readable and writable by the owner only
   * (the file is created with mode 600 before the password goes in).
   */
  public static void writePasswordFile(Path file, String instance, String zookeepers, String principal,
      String password) throws IOException {
    secret(password);
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    Files.deleteIfExists(tmp);
    Set<PosixFilePermission> mode600 = PosixFilePermissions.fromString("rw-------");
    try {
      Files.createFile(tmp, PosixFilePermissions.asFileAttribute(mode600));
    } catch (UnsupportedOperationException e) {
      Files.createFile(tmp);
    }
    try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8, StandardOpenOption.TRUNCATE_EXISTING)) {
      w.write("# written by tabulo mini-accumulo start; holds the root password: keep it private\n");
      w.write("instance.name=" + instance + "\n");
      w.write("instance.zookeepers=" + zookeepers + "\n");
      w.write("auth.type=password\n");
      w.write("auth.principal=" + principal + "\n");
      w.write("auth.token=" + password + "\n");
    }
    Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
        java.nio.file.StandardCopyOption.ATOMIC_MOVE);
  }
}
