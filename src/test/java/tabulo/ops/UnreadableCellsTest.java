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
import tabulo.storage.Store;
import tabulo.storage.TableWriter;

/**
 * A user's assign and accumulation change only the cells that user can read: every cell of C the user
 * cannot read stays exactly as it was (each reader's view checked against brute force). The Accumulo host
 * runs the same check ({@code ServerSideUnreadableCellsTest}).
 */
public class UnreadableCellsTest {
  private static final String ROOT = "root";
  private static final Authorizations BOBS = new Authorizations("red");

  /** The users a check acts as, on one host: one store open at a time (an embedded database has one writer). */
  public interface Users {
    /** The store of {@code user}, who must have been granted. */
    Store open(String user);

    /** Gives {@code user} (made if new) exactly {@code auths}, and what it needs to use {@code tables}. */
    void grant(Store root, String user, Authorizations auths, List<String> tables);
  }

  @TempDir
  Path dir;

  @Test
  void assignAndAccumulationKeepTheCellsTheCallerCannotRead() {
    Path db = dir.resolve("db");
    try (EmbeddedStore root = EmbeddedStore.open(db, EmbeddedStore.ROOT)) {
      root.setAuthorizations(EmbeddedStore.ROOT, new Authorizations("red", "blue"));
    }
    check(new Users() {
      @Override
      public Store open(String user) {
        return EmbeddedStore.open(db, user);
      }

      @Override
      public void grant(Store root, String user, Authorizations auths, List<String> tables) {
        root.setAuthorizations(user, auths);
      }
    }, "");
  }

  /** The check on any host, its tables named with {@code prefix}; root must hold red and blue. */
  public static void check(Users users, String prefix) {
    Random rnd = new Random(28);
    List<Cell> c;
    List<Cell> a;
    String tc = prefix + "C";
    String tc2 = prefix + "C2";
    String tc3 = prefix + "C3";
    String ta = prefix + "A";
    try (Store root = users.open(ROOT)) {
      c = LabelledCells.random(root, rnd, tc, List.of("eve"), 2);
      a = LabelledCells.random(root, rnd, ta, List.of("carol"), 3);
      copy(root, c, tc2);
      copy(root, c, tc3);
      users.grant(root, "bob", BOBS, List.of(tc, tc2, tc3, ta));
    }
    List<Cell> unseen = only(c, x -> !canRead(BOBS, x.label()));
    List<Cell> seen = only(c, x -> canRead(BOBS, x.label()));
    List<Cell> bobsA = only(a, x -> canRead(BOBS, x.label()));
    assertTrue(!unseen.isEmpty() && !seen.isEmpty(), "C holds cells bob can and cannot read");

    Predicate<Cell> inBlock = x -> x.row().compareTo("bob") >= 0 && x.row().compareTo("eve") <= 0;
    try (Store bob = users.open("bob"); Session s = Session.open(bob).unitEntries(3)) {
      s.matrix(tc).assign(s.matrix(ta), KeySpec.parse("bob,:,eve,"), KeySpec.parse(":"), null, null);
      s.matrix(ta).apply(UnaryOps.ABS).into(Target.table(tc2).accum(BinaryOps.PLUS));
      s.matrix(tc3).assign(s.matrix(ta), KeySpec.parse("bob,:,eve,"), KeySpec.parse(":"), null, BinaryOps.MINUS);
    }

    List<Cell> assigned = concat(unseen, concat(only(seen, inBlock.negate()), only(bobsA, inBlock)));
    List<Cell> accumulated = concat(unseen, LabelledCells.join(seen,
        bobsA.stream().map(x -> new Cell(x.row(), x.col(), x.label(), Math.abs(x.value()))).toList(), Double::sum,
        x -> x, x -> x));
    List<Cell> minus = concat(unseen, concat(only(seen, inBlock.negate()),
        LabelledCells.join(only(seen, inBlock), only(bobsA, inBlock), (x, y) -> x - y, x -> x, x -> x)));
    try (Store root = users.open(ROOT)) {
      EwiseAddTest.everyReaderSees(assigned, root, tc, "assign by bob");
      EwiseAddTest.everyReaderSees(accumulated, root, tc2, "apply --accum by bob");
      EwiseAddTest.everyReaderSees(minus, root, tc3, "assign accum minus by bob");
      // root writes a cell for a label it does not hold itself, then accumulates into that table: the cell stays
      users.grant(root, "carol", new Authorizations("green"), List.of(tc3));
      try (TableWriter w = root.writer(tc3)) {
        Mutation m = new Mutation("alice");
        m.put("", "alice", new ColumnVisibility("green"), new Value("7"));
        w.addMutation(m);
      }
      try (Session s = Session.open(root).unitEntries(3)) {
        s.matrix(ta).apply(UnaryOps.ABS).into(Target.table(tc3).accum(BinaryOps.PLUS));
      }
    }
    try (Store carol = users.open("carol")) {
      var seenByCarol = LabelledCells.view(carol, tc3, new Authorizations("green")).get("alice alice");
      assertTrue(seenByCarol != null && seenByCarol.contains(7.0), "carol's cell after root's --accum: " + seenByCarol);
    }
  }

  private static List<Cell> only(List<Cell> cells, Predicate<Cell> keep) {
    return cells.stream().filter(keep).toList();
  }
}
