package tabulo.math;

import java.lang.reflect.InvocationTargetException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.TreeSet;

/**
 * Finds an operator, monoid or semiring by name, as an iterator option or a command names it: a known
 * name, else an instance of the class of that name (with a public no-arg constructor, loaded by the
 * thread's context class loader or this one's).
 */
final class ByName {
  private ByName() {}

  /** {@code values} keyed by their names, in order. */
  static <T> Map<String, T> index(List<T> values, Function<T, String> name) {
    Map<String, T> m = new LinkedHashMap<>();
    values.forEach(v -> m.put(name.apply(v), v));
    return m;
  }

  /**
   * {@code known.get(name)}, else a new instance of the class {@code name}, which must implement
   * {@code type}; else {@link IllegalArgumentException} naming {@code kind} and listing the known names.
   */
  static <T> T find(String name, Map<String, ? extends T> known, Class<T> type, String kind) {
    T t = name == null ? null : known.get(name);
    if (t != null) {
      return t;
    }
    Class<?> c = name == null ? null : loadClass(name);
    if (c == null) {
      throw new IllegalArgumentException("unknown " + kind + " '" + name + "'; known: "
          + String.join(", ", new TreeSet<>(known.keySet()))
          + ", or the name of a class implementing " + type.getName() + " with a public no-arg constructor");
    }
    if (!type.isAssignableFrom(c)) {
      throw new IllegalArgumentException("class " + name + " does not implement " + type.getName());
    }
    try {
      return type.cast(c.getConstructor().newInstance());
    } catch (NoSuchMethodException | InstantiationException | IllegalAccessException e) {
      throw new IllegalArgumentException(kind + " class " + name + " needs a public no-arg constructor", e);
    } catch (InvocationTargetException e) {
      throw new IllegalArgumentException(kind + " class " + name + " failed to construct: " + e.getCause(),
          e.getCause());
    }
  }

  private static Class<?> loadClass(String name) {
    for (ClassLoader loader : new ClassLoader[] {Thread.currentThread().getContextClassLoader(),
        ByName.class.getClassLoader()}) {
      if (loader == null) {
        continue;
      }
      try {
        return Class.forName(name, true, loader);
      } catch (ClassNotFoundException | LinkageError e) {
        // try the next loader
      }
    }
    return null;
  }
}
