package tabulo.storage;

import java.util.Map;

import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.OptionDescriber;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;

/**
 * Refuses an iterator setting that would break every later scan of its table: a class that is missing,
 * is not a {@link SortedKeyValueIterator} or cannot be built, or options the iterator itself rejects
 * ({@link OptionDescriber#validateOptions}). Both hosts run it before a table is created or changed.
 */
public final class IteratorCheck {
  private IteratorCheck() {}

  /** Whether the class can be loaded here (on Accumulo, a server-only class is checked by the servers). */
  public static boolean loadsHere(String className) {
    try {
      Class.forName(className, false, IteratorCheck.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  /** Builds the iterator from its setting, with Tabulo's class loader, and lets it judge its options. */
  @SuppressWarnings("unchecked")
  public static SortedKeyValueIterator<Key, Value> check(IteratorSetting s) {
    String what = "iterator '" + s.getName() + "': class " + s.getIteratorClass();
    Class<?> c;
    try {
      c = Class.forName(s.getIteratorClass(), true, IteratorCheck.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw new TabuloException(what + " not found");
    }
    if (!SortedKeyValueIterator.class.isAssignableFrom(c)) {
      throw new TabuloException(what + " is not a SortedKeyValueIterator");
    }
    Object it;
    try {
      it = c.getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
      throw new TabuloException(what + " cannot be built (it needs a public constructor without arguments): "
          + e, e);
    }
    if (it instanceof OptionDescriber d) {
      Map<String, String> options = s.getOptions();
      boolean valid;
      try {
        valid = d.validateOptions(options);
      } catch (RuntimeException e) {
        throw new TabuloException(what + " rejects its options " + options + ": " + e.getMessage(), e);
      }
      if (!valid) {
        throw new TabuloException(what + " rejects its options " + options);
      }
    }
    return (SortedKeyValueIterator<Key, Value>) it;
  }
}
