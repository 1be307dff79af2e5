package tabulo.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.apache.accumulo.core.data.Mutation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.embedded.EmbeddedStore;
import tabulo.storage.ScanSpec;
import tabulo.storage.Store;
import tabulo.storage.TableNames;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;

/** Temporaries of a run: unique per run, cleared when the run's process is gone, never a user's table. */
class WorkspaceTest {
  @TempDir
  Path dir;

  private static void fill(Store store, String table) {
    try (TableWriter w = store.writer(table)) {
      Mutation m = new Mutation("r");
      m.put("", "c", "1");
      w.addMutation(m);
    }
  }

  private static Set<String> reserved(Store store) {
    return new TreeSet<>(store.tables().stream().filter(TableNames::isReserved).toList());
  }

  /** The pid of a process that has ended, and the start time it had. */
  private static Workspace.Owner deadOwner() throws Exception {
    Process p = new ProcessBuilder("true").start();
    long started = p.info().startInstant().map(java.time.Instant::toEpochMilli).orElse(1L);
    long pid = p.pid();
    p.waitFor();
    Workspace.Owner me = Workspace.Owner.current();
    return new Workspace.Owner(me.host(), pid, started);
  }

  /** An algorithm's run makes many temporaries of one role (two transposes, two results): each its own table. */
  @Test
  void oneRunMakesManyTemporariesOfOneRole() {
    try (EmbeddedStore store = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT)) {
      store.create("C", TableSettings.defaults());
      try (Workspace w = Workspace.open(store, "C")) {
        String a = w.create("result", TableSettings.defaults());
        String b = w.create("result", TableSettings.defaults());
        assertNotEquals(a, b);
        assertTrue(store.exists(a) && store.exists(b), a + " " + b);
      }
      assertEquals(Set.of(), reserved(store));
    }
  }

  /** An iterative algorithm drops each iterate when the next exists: only temporaries go, and only its own. */
  @Test
  void aReleasedTemporaryIsGoneAndOnlyTemporariesOfTheSessionCanBeReleased() {
    try (EmbeddedStore store = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT)) {
      store.create("A", TableSettings.defaults());
      fill(store, "A");
      try (Session s = Session.open(store); Session other = Session.open(store)) {
        Matrix a = s.matrix("A");
        Matrix t1 = a.apply(tabulo.math.UnaryOps.ONE).temporary();
        Matrix t2 = t1.apply(tabulo.math.UnaryOps.ONE).temporary();
        s.release(t1);
        assertFalse(store.exists(t1.table()), "released");
        assertTrue(store.exists(t2.table()), "the next iterate stays");
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> s.release(a));
        assertTrue(store.exists("A"), "a user's table is never released");
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> other.release(t2));
        assertTrue(store.exists(t2.table()), "another session's temporary stays");
      }
      assertEquals(Set.of(), reserved(store));
    }
  }

  @Test
  void twoRunsAtOnceGetTheirOwnTemporariesAndCloseLeavesNothing() {
    try (EmbeddedStore store = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT)) {
      store.create("C", TableSettings.defaults());
      Workspace one = Workspace.open(store, "C");
      Workspace two = Workspace.open(store, "C");
      String a = one.create("staging", TableSettings.defaults());
      String b = two.create("staging", TableSettings.defaults());
      assertNotEquals(a, b);
      assertTrue(TableNames.isReserved(a) && TableNames.isReserved(b), a + " " + b);
      fill(store, a);
      one.close();
      assertTrue(store.exists(b), "the other run's temporary is still there");
      two.close();
      assertEquals(Set.of(), reserved(store));
      assertEquals(Set.of("C"), store.tables());
    }
  }

  @Test
  void temporariesLiveInTheNamespaceOfTheirResult() {
    try (EmbeddedStore store = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT)) {
      try (Workspace w = Workspace.open(store, "ns.C")) {
        String t = w.reserve("staging");
        assertEquals("ns.", TableNames.namespacePrefix(t));
        assertTrue(TableNames.isReserved(t), t);
      }
    }
  }

  /**
   * A marker without its owner row is a run between creating its marker and writing its owner (another
   * thread or process opening right now) or one killed in that instant: judged by the owner its name gives
   * (a live one, or one on another host, is left; a dead one cleared); a marker named as older versions name
   * them (no owner) is left while young and cleared when old.
   */
  @Test
  void aMarkerWithoutOwnerRowIsJudgedByItsName() throws Exception {
    try (EmbeddedStore store = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT)) {
      long now = System.currentTimeMillis();
      String opening = Workspace.markerName(Workspace.Owner.current(), now);
      String remote = Workspace.markerName(new Workspace.Owner("another-host", 1, 1), now);
      String killedOpening = Workspace.markerName(deadOwner(), now);
      String olderYoung = TableNames.RESERVED_PREFIX + "run_" + String.format("%08x", now / 1000) + "00000000";
      String olderOld = TableNames.RESERVED_PREFIX + "run_" + String.format("%08x", now / 1000 - 3600) + "00000000";
      for (String m : List.of(opening, remote, killedOpening, olderYoung, olderOld)) {
        store.create(m, TableSettings.defaults());
      }
      Workspace.open(store, "C").close();
      assertEquals(new TreeSet<>(List.of(opening, remote, olderYoung)), reserved(store));
    }
  }

  @Test
  void aKilledRunsTemporariesAreClearedByTheNextRunAndNothingElse() throws Exception {
    try (EmbeddedStore store = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT)) {
      // user tables, named the way temporaries used to be
      for (String t : List.of("C__staging", "A__transposed", "C")) {
        store.create(t, TableSettings.defaults());
        fill(store, t);
      }
      Workspace killed = Workspace.open(store, "C", deadOwner()); // never closed: its process died
      String killedStaging = killed.create("staging", TableSettings.defaults());
      fill(store, killedStaging);
      String neverCreated = killed.reserve("journal"); // reserved, the run died before creating it
      Workspace elsewhere = Workspace.open(store, "C", new Workspace.Owner("another-host", 1, 1));
      String remote = elsewhere.create("staging", TableSettings.defaults());
      Workspace live = Workspace.open(store, "C"); // this process: alive
      String liveStaging = live.create("staging", TableSettings.defaults());

      Workspace next = Workspace.open(store, "C");
      assertFalse(store.exists(killedStaging), "the dead run's temporary is gone");
      assertFalse(store.exists(neverCreated));
      assertTrue(store.exists(liveStaging), "a live run's temporary stays");
      assertTrue(store.exists(remote), "a run on another host cannot be judged from here, so it stays");
      for (String t : List.of("C__staging", "A__transposed", "C")) {
        assertEquals(1, store.scanAll(t, ScanSpec.all()).size(), t + " is a user table and keeps its cell");
      }
      next.close();
      live.close();
      elsewhere.close();
      assertEquals(Set.of(), reserved(store));
    }
  }

  /**
   * The same across processes: the store closes with the replace cut short after the target's deletion (as
   * a killed process leaves it), and the next process rolls it forward from what was made durable: the
   * marker, the replacement and the intent.
   */
  @Test
  void aReplaceCutShortIsRolledForwardByTheNextProcess() throws Exception {
    Path db = dir.resolve("db");
    String replacement;
    try (EmbeddedStore store = EmbeddedStore.open(db, EmbeddedStore.ROOT)) {
      store.create("C", TableSettings.defaults());
      fill(store, "C");
      Workspace killed = Workspace.open(store, "C", deadOwner());
      killed.create("other", TableSettings.defaults()); // a temporary never made durable
      replacement = killed.create("accumulated", TableSettings.defaults());
      try (TableWriter w = store.writer(replacement)) {
        Mutation m = new Mutation("new");
        m.put("", "c", "2");
        w.addMutation(m);
      }
      store.makeDurable(replacement);
      killed.recordReplace(replacement, "C");
      store.delete("C");
    }
    try (EmbeddedStore store = EmbeddedStore.open(db, EmbeddedStore.ROOT)) {
      Workspace.open(store, "other").close();
      List<String> rows = store.scanAll("C", ScanSpec.all()).stream().map(e -> e.getKey().getRow().toString())
          .toList();
      assertEquals(List.of("new"), rows, "C holds the replacement");
      assertEquals(Set.of(), reserved(store));
      assertEquals(Set.of("C"), store.tables());
    }
  }

  /**
   * A dead run's recorded replace (as earlier releases left them) is rolled forward only where the target
   * is missing: killed after the intent, C holds its old cells; killed after C's deletion and a user
   * making a new C since, the user's C is kept. Either way no temporary is left.
   */
  @Test
  void aRecordedReplaceNeverDeletesATableAtTheTargetsName() throws Exception {
    try (EmbeddedStore store = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT)) {
      for (boolean recreated : new boolean[] {false, true}) {
        store.create("C", TableSettings.defaults());
        fill(store, "C");
        List<String> before = rows(store, "C");
        Workspace killed = Workspace.open(store, "C", deadOwner());
        String replacement = killed.create("accumulated", TableSettings.defaults());
        try (TableWriter w = store.writer(replacement)) {
          Mutation m = new Mutation("new");
          m.put("", "c", "2");
          w.addMutation(m);
        }
        killed.recordReplace(replacement, "C");
        if (recreated) {
          store.delete("C");
          store.create("C", TableSettings.defaults());
          try (TableWriter w = store.writer("C")) {
            Mutation m = new Mutation("users");
            m.put("", "c", "3");
            w.addMutation(m);
          }
        }
        Workspace.open(store, "other").close();
        assertEquals(recreated ? List.of("users") : before, rows(store, "C"), "recreated: " + recreated);
        assertEquals(Set.of(), reserved(store));
        store.delete("C");
      }
    }
  }

  /**
   * A replace of three tables (one target missing, as at a first load) cut short at each change a run makes,
   * by a failure the run sees (undone or completed at once) or by a kill (finished by the next run from the
   * marker): the targets then hold the old tables or the new ones, never a mix, and no temporary is left.
   * Early cuts leave the old tables, late ones the new, with no return to the old in between.
   */
  @Test
  void aReplaceOfSeveralTablesCutShortAnywhereLeavesTheOldOrTheNewWhole() throws Exception {
    for (boolean kill : new boolean[] {false, true}) {
      List<String> outcomes = new ArrayList<>();
      for (int k = 1; ; k++) {
        Path db = dir.resolve("db-" + kill + "-" + k);
        try (EmbeddedStore store = EmbeddedStore.open(db, EmbeddedStore.ROOT)) {
          for (String t : List.of("A", "B")) {
            store.create(t, TableSettings.defaults());
            fill(store, t, "old");
          }
        }
        CrashingStore crashing;
        String where = (kill ? "killed" : "failed") + " at change " + k;
        try (EmbeddedStore store = EmbeddedStore.open(db, EmbeddedStore.ROOT)) {
          crashing = new CrashingStore(store, k, kill);
          Workspace w = null;
          try {
            w = Workspace.open(crashing.store(), "A", deadOwner());
            List<Workspace.Replace> replaces = new ArrayList<>();
            for (String t : List.of("A", "B", "C")) {
              String r = w.create("new", TableSettings.defaults());
              fill(crashing.store(), r, "new");
              replaces.add(new Workspace.Replace(r, t));
            }
            w.replace(replaces);
          } catch (CrashingStore.Crash e) {
            assertTrue(crashing.fired(), where);
          } finally {
            if (w != null && !kill) {
              try {
                w.close();
              } catch (CrashingStore.Crash e) {
                // the failure fell on the close: its marker is left for the next run
              }
            }
          }
          if (!kill) {
            outcomes.add(whole(store, where)); // undone or completed by the run itself
          }
        } // a killed run's store is closed as the process ended
        try (EmbeddedStore store = EmbeddedStore.open(db, EmbeddedStore.ROOT)) {
          Workspace.open(store, "other").close(); // the next run
          String after = whole(store, where + ", after the next run");
          if (!kill) {
            assertEquals(outcomes.get(outcomes.size() - 1), after, where);
          } else {
            outcomes.add(after);
          }
          assertEquals(Set.of(), reserved(store), where);
        }
        if (!crashing.fired()) {
          break;
        }
      }
      assertEquals("new", outcomes.get(outcomes.size() - 1));
      int firstNew = outcomes.indexOf("new");
      assertTrue(firstNew > 0, "early cuts leave the old tables: " + outcomes);
      assertEquals(Set.of("new"), new TreeSet<>(outcomes.subList(firstNew, outcomes.size())), outcomes.toString());
    }
  }

  /**
   * Two replaces of one run are finished each on its own: killed while the second moves its target aside,
   * the first stays done and the second is undone.
   */
  @Test
  void eachReplaceOfARunIsFinishedOnItsOwn() throws Exception {
    try (EmbeddedStore store = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT)) {
      for (String t : List.of("A", "B")) {
        store.create(t, TableSettings.defaults());
        fill(store, t, "old");
      }
      // killed as the second replacement is renamed into place (B is aside by then)
      CrashingStore crashing = new CrashingStore(store, (m, args) -> m.equals("rename") && args[1].equals("B"), true);
      Workspace w = Workspace.open(store, "A");
      Workspace killed = Workspace.open(crashing.store(), "A", deadOwner());
      for (List<String> targets : List.of(List.of("A", "C"), List.of("B"))) { // C: a new table
        List<Workspace.Replace> replaces = new ArrayList<>();
        for (String t : targets) {
          String r = w.create("new", TableSettings.defaults()); // made outside the crashing store
          fill(store, r, "new");
          replaces.add(new Workspace.Replace(r, t));
        }
        try {
          killed.replace(replaces);
        } catch (CrashingStore.Crash e) {
          assertTrue(crashing.fired());
        }
      }
      assertTrue(crashing.fired(), "killed in the second replace");
      assertEquals(List.of("new"), rowsOf(store, "A"));
      Workspace.open(store, "other").close();
      assertEquals(List.of("new"), rowsOf(store, "A"), "the first replace stays done");
      assertEquals(List.of("new"), rowsOf(store, "C"));
      assertEquals(List.of("old"), rowsOf(store, "B"), "the second is undone");
      w.close();
      assertEquals(Set.of(), reserved(store));
    }
  }

  /** "old" when A and B hold their old cell and C is missing, "new" when all three hold the new one. */
  private static String whole(Store store, String where) {
    List<String> a = store.exists("A") ? rowsOf(store, "A") : null;
    List<String> b = store.exists("B") ? rowsOf(store, "B") : null;
    List<String> c = store.exists("C") ? rowsOf(store, "C") : null;
    if (List.of("old").equals(a) && List.of("old").equals(b) && c == null) {
      return "old";
    }
    if (List.of("new").equals(a) && List.of("new").equals(b) && List.of("new").equals(c)) {
      return "new";
    }
    throw new AssertionError(where + ": neither the old tables nor the new: A " + a + ", B " + b + ", C " + c);
  }

  private static void fill(Store store, String table, String row) {
    try (TableWriter w = store.writer(table)) {
      Mutation m = new Mutation(row);
      m.put("", "c", "1");
      w.addMutation(m);
    }
  }

  private static List<String> rowsOf(Store store, String table) {
    return store.scanAll(table, ScanSpec.all()).stream().map(e -> e.getKey().getRow().toString()).toList();
  }

  private static List<String> rows(EmbeddedStore store, String table) {
    return store.scanAll(table, ScanSpec.all()).stream().map(e -> e.getKey().getRow().toString()).toList();
  }
}
