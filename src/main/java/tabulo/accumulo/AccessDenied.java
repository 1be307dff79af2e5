package tabulo.accumulo;

import java.util.Optional;

import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.security.SecurityErrorCode;

import tabulo.storage.TabuloException;

/**
 * Accumulo's refusals, told in the user's terms: which permission on which table the user lacks.
 * Scans report a refusal as a RuntimeException around AccumuloSecurityException around the server's
 * ThriftSecurityException, whose class name alone used to be the whole message.
 */
final class AccessDenied {
  private AccessDenied() {}

  /** The security error code somewhere in {@code e}'s causes, if any. */
  static Optional<SecurityErrorCode> code(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof AccumuloSecurityException ase) {
        return Optional.of(ase.getSecurityErrorCode());
      }
      // clientImpl.thrift.ThriftSecurityException is internal API: recognise it by name, read its code from
      // its text ("ThriftSecurityException(user:bob, code:PERMISSION_DENIED)")
      if (t.getClass().getSimpleName().equals("ThriftSecurityException")) {
        String s = String.valueOf(t);
        int i = s.indexOf("code:");
        if (i >= 0) {
          String name = s.substring(i + 5).replaceAll("[^A-Z_].*", "");
          try {
            return Optional.of(SecurityErrorCode.valueOf(name));
          } catch (IllegalArgumentException unknown) {
            return Optional.empty();
          }
        }
      }
    }
    return Optional.empty();
  }

  /** "permission denied: user U lacks PERMISSION on table T". */
  static TabuloException lacks(String user, String permission, String table, Throwable cause) {
    return new TabuloException("permission denied: user " + user + " lacks " + permission + " on table " + table, cause);
  }

  /**
   * The refusal as a message when {@code e} carries a security error code, for an operation needing
   * {@code permission} on {@code table}; empty when it is another kind of failure.
   */
  static Optional<TabuloException> of(String user, String permission, String table, Throwable e) {
    return code(e).map(c -> c == SecurityErrorCode.PERMISSION_DENIED ? lacks(user, permission, table, e)
        : new TabuloException("Accumulo refused user " + user + " access to table " + table + ": " + c, e));
  }
}
