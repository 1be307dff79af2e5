package tabulo.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.embedded.EmbeddedStore;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;

/** nvals counts the entries a session reads, by reading them where few and next to the data where many. */
class NvalsTest {
  @TempDir
  Path dir;

  @Test
  void countsTheEntriesTheSessionReads() {
    try (EmbeddedStore store = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT)) {
      store.setAuthorizations(EmbeddedStore.ROOT, new Authorizations("red"));
      int many = Matrix.SMALL_FOLD + 7; // past the counting by reading
      store.create("M", TableSettings.defaults());
      store.create("L", TableSettings.defaults());
      try (TableWriter w = store.writer("M")) {
        for (int i = 0; i < many; i++) {
          Mutation m = new Mutation(String.format("r%06d", i));
          m.put("", "c", "1");
          w.addMutation(m);
        }
      }
      try (TableWriter w = store.writer("L")) {
        Mutation m = new Mutation("a");
        m.put("", "x", "text, not a number");
        m.put("", "y", new ColumnVisibility("red"), "2");
        w.addMutation(m);
      }
      try (Session s = Session.open(store); Session plain = Session.open(store).auths(new Authorizations())) {
        assertEquals(many, s.matrix("M").nvals());
        assertEquals(2, s.matrix("L").nvals(), "any value counts");
        assertEquals(1, plain.matrix("L").nvals(), "a cell the session cannot read does not");
      }
    }
  }
}
