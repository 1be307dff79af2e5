package tabulo.storage;

/** A user-facing error: its message is one clear line naming the table, parameter, file or line at fault. */
public class TabuloException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public TabuloException(String message) {
    super(message);
  }

  public TabuloException(String message, Throwable cause) {
    super(message, cause);
  }
}
