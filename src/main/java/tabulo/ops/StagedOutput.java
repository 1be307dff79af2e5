package tabulo.ops;

import java.util.EnumSet;

import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;

import tabulo.storage.Store;
import tabulo.storage.TableNames;
import tabulo.storage.TableSettings;
import tabulo.storage.TabuloException;

/**
 * How every operation's result reaches its target: computed into a temporary of the session's workspace,
 * masked there when the kernels could not, and then published whole: renamed to a new table, or, with
 * an accumulator, combined with the existing table into a second temporary whose difference from the
 * table is then loaded into it in one step ({@link InPlaceUpdate}: cells the caller cannot read stay as
 * they are). A run that fails or dies leaves the target as it was.
 */
final class StagedOutput {
  private static final String VERSIONING = "vers";

  private StagedOutput() {}

  static Matrix publish(Operation op, Target target) {
    Session session = op.session;
    Store store = session.store();
    String name = target.table();
    if (name != null) {
      TableNames.checkUserTable(name);
      if (target.accum() == null && store.exists(name)) {
        throw new TabuloException("table " + name + " already exists: delete it, choose another name, or give an "
            + "accumulator (--accum) to combine the result into it");
      }
      if (target.accum() != null && !store.exists(name)) {
        throw new TabuloException("no such table: " + name + " (an accumulator combines the result into an "
            + "existing table; without one the result makes a new table)");
      }
    }
    if (target.mask() != null && !store.exists(target.mask().matrix().table())) {
      throw new TabuloException("no such mask table: " + target.mask().matrix().table());
    }
    Workspace ws = session.workspace(name != null ? name : op.driver().table());
    String result = ws.create("result", op.resultSettings());
    boolean maskDone = op.compute(result, target.mask());
    if (!maskDone) {
      String masked = ws.create("masked", op.resultSettings());
      new CopyRows(new Matrix(session, result, null), op.outputCombines()).compute(masked, target.mask());
      ws.release(result); // the unmasked result is no longer needed
      result = masked;
    }
    if (name == null) {
      session.madeTemporary(result);
      return new Matrix(session, result, null);
    }
    if (target.accum() == null) {
      store.rename(result, name);
    } else {
      Matrix c = session.matrix(name);
      String combined = ws.create("accumulated", settingsOf(store, name));
      checkReadsAll(session, name, "--accum");
      c.ewiseAdd(new Matrix(session, result, null), target.accum()).compute(combined, null);
      InPlaceUpdate.apply(session, combined, name);
    }
    return new Matrix(session, name, null); // not session.matrix: a name just renamed into place exists
  }

  /**
   * Replacing {@code table} reads all of it with every authorization of the user, so no cell of it they may
   * read is dropped: {@code option} refuses narrower authorizations.
   */
  static void checkReadsAll(Session session, String table, String option) {
    Store store = session.store();
    if (!session.auths().equals(store.authorizations(store.user()))) {
      throw new TabuloException(option + " reads all of " + table + ": run it without --auths, or with all of your "
          + "authorizations");
    }
  }

  /** A new table made like {@code table}: its split points and its iterators. */
  static TableSettings settingsOf(Store store, String table) {
    TableSettings s = TableSettings.defaults().splits(ResultSplits.of(store, table));
    boolean versioning = false;
    for (IteratorScope scope : IteratorScope.values()) {
      for (IteratorSetting it : store.iterators(table, scope)) {
        if (it.getName().equals(VERSIONING)) {
          versioning = true; // every new table has it unless told otherwise
        } else {
          s.iterator(it, EnumSet.of(scope));
        }
      }
    }
    return versioning ? s : s.keepAllVersions();
  }
}
