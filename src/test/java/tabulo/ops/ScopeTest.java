package tabulo.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.embedded.EmbeddedStore;
import tabulo.math.UnaryOps;
import tabulo.storage.ScanSpec;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;

/** A scope releases the temporaries made inside it, keeps what it is told to, and nests. */
class ScopeTest {
  @TempDir
  Path dir;

  @Test
  void aScopeReleasesWhatItMadeButWhatItKeeps() {
    try (EmbeddedStore store = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT)) {
      store.create("A", TableSettings.defaults());
      try (TableWriter w = store.writer("A")) {
        Mutation m = new Mutation("r");
        m.put("", "c", "-3");
        w.addMutation(m);
      }
      try (Session s = Session.open(store)) {
        Matrix a = s.matrix("A");
        Matrix before = a.apply(UnaryOps.ONE).temporary(); // made outside any scope: untouched by them
        Matrix inner1;
        Matrix kept;
        Matrix outerOnly;
        try (Scope outer = s.scope()) {
          outerOnly = a.apply(UnaryOps.ONE).temporary();
          try (Scope inner = s.scope()) {
            inner1 = a.apply(UnaryOps.ABS).temporary();
            kept = inner.keep(inner1.apply(UnaryOps.AINV).temporary());
            assertThrows(IllegalStateException.class, outer::close, "the inner scope closes first");
          }
          assertFalse(store.exists(inner1.table()), "released with its scope");
          assertTrue(store.exists(kept.table()), "kept past its scope");
          List<Map.Entry<Key, Value>> cells = store.scanAll(kept.table(), ScanSpec.all());
          assertEquals(1, cells.size());
          assertEquals(-3.0, Double.parseDouble(cells.get(0).getValue().toString()), "-|-3|");
          assertTrue(store.exists(outerOnly.table()));
        }
        assertFalse(store.exists(kept.table()), "a kept temporary goes with the enclosing scope");
        assertFalse(store.exists(outerOnly.table()));
        assertTrue(store.exists(before.table()), "a temporary made outside every scope stays");
        assertTrue(store.exists("A"), "a user's table is never released");
      }
    }
  }
}
