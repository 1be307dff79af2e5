package tabulo.ops;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The temporaries made while it is open, released when it closes, except those {@link #keep}s: an
 * iterative algorithm opens one per round and keeps only the next iterate, so a round's intermediates go
 * (and, on Accumulo, their tables serve the next rounds) without a list of them in the algorithm. Scopes
 * nest and close in the reverse order of opening; a kept temporary passes to the enclosing scope.
 */
public final class Scope implements AutoCloseable {
  private final Session session;
  private final List<String> made = new ArrayList<>();
  private final Set<String> kept = new HashSet<>();

  Scope(Session session) {
    this.session = session;
  }

  /** {@code m} outlives this scope (the enclosing scope, if any, releases it). */
  public Matrix keep(Matrix m) {
    kept.add(m.table());
    return m;
  }

  void made(String temporary) {
    made.add(temporary);
  }

  @Override
  public void close() {
    Scope outer = session.endScope(this);
    for (String t : made) {
      if (!kept.contains(t)) {
        session.releaseIfTemporary(new Matrix(session, t, null));
      } else if (outer != null) {
        outer.made(t);
      }
    }
  }
}
