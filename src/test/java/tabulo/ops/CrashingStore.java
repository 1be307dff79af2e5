package tabulo.ops;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.Set;
import java.util.function.BiPredicate;

import tabulo.storage.Store;

/**
 * A store that fails its {@code k}-th change (a table made, deleted, renamed, synced or written): once, as
 * a failure the caller sees and handles, or for good, as a process killed there (every later call fails
 * too, so nothing the caller does afterwards reaches the store). Reads pass through; closing it leaves
 * the real store open.
 */
public final class CrashingStore {
  /** The failure a crashing store throws. */
  public static final class Crash extends RuntimeException {
    Crash(String what) {
      super("injected failure at " + what);
    }
  }

  private static final Set<String> CHANGES = Set.of("create", "delete", "discard", "rename", "makeDurable",
      "writer", "atomicLoad", "bulkLoad", "flush", "compact", "attachIterator", "removeIterator",
      "claimTemporary", "emptyForReuse", "importFiles", "setAuthorizations");

  private final Store real;
  private final BiPredicate<String, Object[]> at;
  private final boolean dies;
  private int changes;
  private boolean fired;

  /** {@code real}, failing its {@code k}-th change (from 1); {@code dies}: every call after it fails too. */
  public CrashingStore(Store real, int k, boolean dies) {
    this.real = real;
    this.at = (method, args) -> ++changes == k;
    this.dies = dies;
  }

  /** {@code real}, failing the first change that {@code at} (the method's name, its arguments) picks. */
  public CrashingStore(Store real, BiPredicate<String, Object[]> at, boolean dies) {
    this.real = real;
    this.at = at;
    this.dies = dies;
  }

  /** Whether the failure happened. */
  public synchronized boolean fired() {
    return fired;
  }

  /** The store to hand to the code under test. */
  public Store store() {
    InvocationHandler h = (proxy, method, args) -> {
      String name = method.getName();
      synchronized (this) {
        if (fired && dies && !name.equals("close")) {
          throw new Crash(name + " after the kill");
        }
        if (!fired && CHANGES.contains(name) && at.test(name, args)) {
          fired = true;
          throw new Crash(name + (args != null && args.length > 0 ? " " + args[0] : ""));
        }
      }
      if (name.equals("close")) {
        return null;
      }
      try {
        return method.invoke(real, args);
      } catch (InvocationTargetException e) {
        throw e.getCause();
      }
    };
    return (Store) Proxy.newProxyInstance(Store.class.getClassLoader(), new Class<?>[] {Store.class}, h);
  }
}
