package tabulo.storage;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

/** A user-facing error: its message is one clear line naming the table, parameter, file or line at fault. */
public class TabuloException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public TabuloException(String message) {
    super(message);
  }

  public TabuloException(String message, Throwable cause) {
    super(message, cause);
  }

  /** "cannot read FILE: no such file" (java.nio names only the file in its exceptions; say what went wrong). */
  public static TabuloException cannotRead(Object file, IOException e) {
    return new TabuloException("cannot read " + file + ": " + reason(e), e);
  }

  /** The innermost cause of {@code e} ({@code e} itself when it has none): the error the layers passed on. */
  public static Throwable rootCause(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    return t;
  }

  /** What went wrong, without repeating the file's name. */
  public static String reason(IOException e) {
    if (e instanceof NoSuchFileException) {
      return "no such file";
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof FileSystemException f && f.getReason() != null) {
      return f.getReason();
    }
    return String.valueOf(e.getMessage());
  }
}
