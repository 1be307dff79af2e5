package tabulo.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;

import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.apache.accumulo.core.security.VisibilityEvaluator;
import org.apache.accumulo.core.security.VisibilityParseException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.embedded.EmbeddedStore;
import tabulo.math.BinaryOps;
import tabulo.math.UnaryOps;
import tabulo.math.ValueCodec;
import tabulo.ops.LabelledCells.Cell;
import tabulo.select.KeySpec;
import tabulo.storage.Store;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;
import tabulo.storage.TabuloException;

/**
 * A user's assign and accumulation change only the cells that user can read: every cell of C the user
 * cannot read stays exactly as it was (each reader's view checked against brute force), and a user cannot
 * write a cell labelled beyond their own authorizations.
 */
class UnreadableCellsTest {
  private static final ValueCodec DECIMAL = ValueCodec.named("decimal");
  private static final Authorizations BOBS = new Authorizations("red");

  @TempDir
  Path dir;

  @Test
  void assignAndAccumulationKeepTheCellsTheCallerCannotRead() {
    Random rnd = new Random(28);
    List<Cell> c;
    List<Cell> a;
    Path db = dir.resolve("db");
    try (EmbeddedStore root = EmbeddedStore.open(db, EmbeddedStore.ROOT)) {
      root.setAuthorizations(EmbeddedStore.ROOT, new Authorizations("red", "blue"));
      root.setAuthorizations("bob", BOBS);
      c = LabelledCells.random(root, rnd, "C", List.of("eve"), 2);
      a = LabelledCells.random(root, rnd, "A", List.of("carol"), 3);
      copy(root, c, "C2");
      copy(root, c, "C3");
    }
    List<Cell> unseen = only(c, x -> !readable(BOBS, x.label()));
    List<Cell> seen = only(c, x -> readable(BOBS, x.label()));
    List<Cell> bobsA = only(a, x -> readable(BOBS, x.label()));
    assertTrue(!unseen.isEmpty() && !seen.isEmpty(), "C holds cells bob can and cannot read");

    Predicate<Cell> inBlock = x -> x.row().compareTo("bob") >= 0 && x.row().compareTo("eve") <= 0;
    try (EmbeddedStore bob = EmbeddedStore.open(db, "bob"); Session s = Session.open(bob).unitEntries(3)) {
      s.matrix("C").assign(s.matrix("A"), KeySpec.parse("bob,:,eve,"), KeySpec.parse(":"), null, null);
      s.matrix("A").apply(UnaryOps.ABS).into(Target.table("C2").accum(BinaryOps.PLUS));
      s.matrix("C3").assign(s.matrix("A"), KeySpec.parse("bob,:,eve,"), KeySpec.parse(":"), null, BinaryOps.MINUS);

      TabuloException refused = assertThrows(TabuloException.class, () -> {
        try (TableWriter w = bob.writer("C")) {
          Mutation m = new Mutation("zed");
          m.put("", "q", new ColumnVisibility("blue"), new Value(DECIMAL.encode(1)));
          w.addMutation(m);
        }
      });
      assertTrue(refused.getMessage().contains("user bob may not write a cell labelled 'blue' into table C"),
          refused.getMessage());
    }

    List<Cell> assigned = concat(unseen, concat(only(seen, inBlock.negate()), only(bobsA, inBlock)));
    List<Cell> accumulated = concat(unseen, LabelledCells.join(seen,
        bobsA.stream().map(x -> new Cell(x.row(), x.col(), x.label(), Math.abs(x.value()))).toList(), Double::sum,
        x -> x, x -> x));
    List<Cell> minus = concat(unseen, concat(only(seen, inBlock.negate()),
        LabelledCells.join(only(seen, inBlock), only(bobsA, inBlock), (x, y) -> x - y, x -> x, x -> x)));
    try (EmbeddedStore root = EmbeddedStore.open(db, EmbeddedStore.ROOT)) {
      EwiseAddTest.everyReaderSees(assigned, root, "C", "assign by bob");
      EwiseAddTest.everyReaderSees(accumulated, root, "C2", "apply --accum by bob");
      EwiseAddTest.everyReaderSees(minus, root, "C3", "assign accum minus by bob");
    }
  }

  private static boolean readable(Authorizations auths, String label) {
    try {
      return new VisibilityEvaluator(auths).evaluate(new ColumnVisibility(label));
    } catch (VisibilityParseException e) {
      throw new IllegalStateException(e);
    }
  }

  private static List<Cell> only(List<Cell> cells, Predicate<Cell> keep) {
    return cells.stream().filter(keep).toList();
  }

  private static List<Cell> concat(List<Cell> x, List<Cell> y) {
    List<Cell> out = new ArrayList<>(x);
    out.addAll(y);
    return out;
  }

  private static void copy(Store store, List<Cell> cells, String to) {
    store.create(to, TableSettings.defaults().splits(List.of("dave")));
    try (TableWriter w = store.writer(to)) {
      for (Cell x : cells) {
        Mutation mu = new Mutation(x.row());
        mu.put("", x.col(), new ColumnVisibility(x.label()), new Value(DECIMAL.encode(x.value())));
        w.addMutation(mu);
      }
    }
  }
}
