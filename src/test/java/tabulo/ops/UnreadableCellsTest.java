package tabulo.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tabulo.ops.ReduceOpsTest.canRead;
import static tabulo.ops.ReduceOpsTest.concat;
import static tabulo.ops.ReduceOpsTest.copy;

import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;

import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.embedded.EmbeddedStore;
import tabulo.math.BinaryOps;
import tabulo.math.UnaryOps;
import tabulo.ops.LabelledCells.Cell;
import tabulo.select.KeySpec;
import tabulo.storage.TableWriter;

/**
 * A user's assign and accumulation change only the cells that user can read: every cell of C the user
 * cannot read stays exactly as it was (each reader's view checked against brute force).
 */
class UnreadableCellsTest {
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
    List<Cell> unseen = only(c, x -> !canRead(BOBS, x.label()));
    List<Cell> seen = only(c, x -> canRead(BOBS, x.label()));
    List<Cell> bobsA = only(a, x -> canRead(BOBS, x.label()));
    assertTrue(!unseen.isEmpty() && !seen.isEmpty(), "C holds cells bob can and cannot read");

    Predicate<Cell> inBlock = x -> x.row().compareTo("bob") >= 0 && x.row().compareTo("eve") <= 0;
    try (EmbeddedStore bob = EmbeddedStore.open(db, "bob"); Session s = Session.open(bob).unitEntries(3)) {
      s.matrix("C").assign(s.matrix("A"), KeySpec.parse("bob,:,eve,"), KeySpec.parse(":"), null, null);
      s.matrix("A").apply(UnaryOps.ABS).into(Target.table("C2").accum(BinaryOps.PLUS));
      s.matrix("C3").assign(s.matrix("A"), KeySpec.parse("bob,:,eve,"), KeySpec.parse(":"), null, BinaryOps.MINUS);
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
      // root writes a cell for a label it does not hold itself, then accumulates into that table: the cell stays
      root.setAuthorizations("carol", new Authorizations("green"));
      try (TableWriter w = root.writer("C3")) {
        Mutation m = new Mutation("alice");
        m.put("", "alice", new ColumnVisibility("green"), new Value("7"));
        w.addMutation(m);
      }
      try (Session s = Session.open(root).unitEntries(3)) {
        s.matrix("A").apply(UnaryOps.ABS).into(Target.table("C3").accum(BinaryOps.PLUS));
      }
    }
    try (EmbeddedStore carol = EmbeddedStore.open(db, "carol")) {
      var seenByCarol = LabelledCells.view(carol, "C3", new Authorizations("green")).get("alice alice");
      assertTrue(seenByCarol != null && seenByCarol.contains(7.0), "carol's cell after root's --accum: " + seenByCarol);
    }
  }

  private static List<Cell> only(List<Cell> cells, Predicate<Cell> keep) {
    return cells.stream().filter(keep).toList();
  }
}
