package tabulo.algorithms.resident;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map.Entry;
import java.util.Random;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;
import org.apache.accumulo.core.security.Authorizations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.iterators.DecimalSumCombiner;
import tabulo.ops.Session;
import tabulo.ops.Workspace;
import tabulo.storage.ScanSpec;
import tabulo.storage.Store;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;

/**
 * A graph's image beside its table: the same arrays and values as the table read cell by cell, used only
 * while the table is unchanged (a write, a flush of it, a compaction, an iterator, another reader's
 * authorizations or codec send the reader back to the table), kept through a rename and a reopen,
 * ignored when damaged.
 */
class ResidentImageTest {
  private static final long MAX = 1_000_000;

  @TempDir
  Path dir;

  /** G with random edges over 60 vertices in three tablets and two files, each value a decimal. */
  private static void fill(Store store, String table, long seed) {
    store.create(table, TableSettings.defaults().splits(List.of("20", "40")));
    Random rnd = new Random(seed);
    for (int part = 0; part < 2; part++) {
      try (TableWriter w = store.writer(table)) {
        for (int i = 0; i < 300; i++) {
          Mutation m = new Mutation(Integer.toString(rnd.nextInt(60)));
          m.put("", Integer.toString(rnd.nextInt(60)), Double.toString(rnd.nextInt(1000) / 8.0));
          w.addMutation(m);
        }
      }
      store.flush(table);
    }
  }

  @Test
  void anImageHoldsWhatTheTableHoldsUntilTheTableChanges() {
    try (Store store = ResidentGraphTest.open(dir); Session s = Session.open(store).auths(new Authorizations())) {
      fill(store, "G", 1);
      assertNull(ResidentImage.read(s, "G", MAX, false), "no image yet");
      assertTrue(Resident.keepImage(s, "G", true));
      ResidentGraph g = ResidentImage.read(s, "G", MAX, true);
      assertNotNull(g);
      ResidentGraphTest.assertGraph(ResidentGraphTest.bruteForce(store, "G", new Authorizations()), g);
      assertValues(store, "G", g);
      assertNotNull(ResidentImage.read(s, "G", MAX, false), "the structure alone");
      assertFalse(g.knownSymmetric(), "random directed edges");
      assertNull(ResidentImage.read(s, "G", g.edges() - 1, false), "more edges than allowed");

      try (TableWriter w = store.writer("G")) { // one more edge, in memory
        Mutation m = new Mutation("5");
        m.put("", "new-vertex", "1");
        w.addMutation(m);
      }
      assertNull(ResidentImage.read(s, "G", MAX, false), "a write in memory");
      store.flush("G");
      assertNull(ResidentImage.read(s, "G", MAX, false), "the write in a file");
      ResidentGraph read = Resident.graphFor(s.matrix("G"), MAX);
      assertEquals(g.edges() + 1, read.edges(), "the table read again, with the write");

      assertTrue(Resident.keepImage(s, "G", false));
      assertNotNull(ResidentImage.read(s, "G", MAX, false));
      assertNull(ResidentImage.read(s, "G", MAX, true), "kept without values");
      store.compact("G");
      assertNull(ResidentImage.read(s, "G", MAX, false), "compacted: other files");

      assertTrue(Resident.keepImage(s, "G", false));
      store.attachIterator("G", DecimalSumCombiner.allColumns(10, "sum"), EnumSet.allOf(IteratorScope.class));
      assertNull(ResidentImage.read(s, "G", MAX, false), "an iterator changes what a scan sees");

      assertTrue(Resident.keepImage(s, "G", false));
      store.rename("G", "H");
      assertNotNull(ResidentImage.read(s, "H", MAX, false), "a rename keeps the table's contents");
      store.delete("H");
      fill(store, "H", 1); // the same cells again, in a new table
      assertNull(ResidentImage.read(s, "H", MAX, false), "a new table under the old name");
    }
  }

  /** As a dataset's load does: the image of a staged table, which a recorded replace then puts in place. */
  @Test
  void anImageOfAStagedTableIsCurrentOnceItIsPublished() {
    try (Store store = ResidentGraphTest.open(dir); Session s = Session.open(store).auths(new Authorizations())) {
      fill(store, "G", 3);
      Workspace ws = s.workspace("G");
      String staged = ws.create("edges", TableSettings.defaults());
      try (TableWriter w = store.writer(staged)) {
        Mutation m = new Mutation("a");
        m.put("", "b", "1");
        w.addMutation(m);
      }
      store.flush(staged);
      assertTrue(Resident.keepImage(s, staged, false));
      ws.replace(List.of(new Workspace.Replace(staged, "G")));
      ResidentGraph g = ResidentImage.read(s, "G", MAX, false);
      assertNotNull(g);
      ResidentGraphTest.assertGraph(ResidentGraphTest.bruteForce(store, "G", new Authorizations()), g);
      assertEquals(1, g.edges());
    }
  }

  /** An undirected graph stored both ways is found to be its own transpose when its image is made. */
  @Test
  void anImageKnowsWhetherTheGraphIsItsOwnTranspose() {
    try (Store store = ResidentGraphTest.open(dir); Session s = Session.open(store).auths(new Authorizations())) {
      store.create("U", TableSettings.defaults());
      Random rnd = new Random(4);
      try (TableWriter w = store.writer("U")) {
        for (int i = 0; i < 200; i++) {
          String u = Integer.toString(rnd.nextInt(50));
          String v = Integer.toString(rnd.nextInt(50));
          for (String[] e : new String[][] {{u, v}, {v, u}}) {
            Mutation m = new Mutation(e[0]);
            m.put("", e[1], "1");
            w.addMutation(m);
          }
        }
      }
      store.flush("U");
      assertTrue(Resident.keepImage(s, "U", false));
      ResidentGraph g = ResidentImage.read(s, "U", MAX, false);
      assertTrue(g.knownSymmetric());
      ResidentGraph read = Resident.graphFor(s.matrix("U"), MAX);
      assertTrue(read.isSymmetric(), "found by transposing too");
      assertArrayEquals(read.transposed().targets(), g.transposed().targets());
      assertArrayEquals(read.transposed().offsets(), g.transposed().offsets());
    }
  }

  @Test
  void anImageOutlivesTheProcessButNotOtherAuthorizationsOrADamage() throws IOException {
    try (Store store = ResidentGraphTest.open(dir); Session s = Session.open(store).auths(new Authorizations())) {
      fill(store, "G", 2);
      assertTrue(Resident.keepImage(s, "G", true));
    }
    try (Store store = ResidentGraphTest.open(dir)) {
      try (Session s = Session.open(store).auths(new Authorizations())) {
        ResidentGraph g = ResidentImage.read(s, "G", MAX, true);
        assertNotNull(g, "reopened, unchanged");
        assertValues(store, "G", g);
      }
      try (Session s = Session.open(store).auths(new Authorizations("secret"))) {
        assertNull(ResidentImage.read(s, "G", MAX, false), "kept with other authorizations");
      }
      try (Session s = Session.open(store).auths(new Authorizations()).codec(tabulo.math.ValueCodec.named("long"))) {
        assertNull(ResidentImage.read(s, "G", MAX, true), "values read by another codec");
        assertNotNull(ResidentImage.read(s, "G", MAX, false), "the structure needs no codec");
      }
      Path file = store.sideFile("G", ResidentImage.NAME);
      long size = Files.size(file);
      for (long at : new long[] {5, size / 2, size - 3}) { // the header, the structure, the values
        flip(file, at);
        try (Session s = Session.open(store).auths(new Authorizations())) {
          assertNull(ResidentImage.read(s, "G", MAX, true), "a byte changed at " + at);
        }
        flip(file, at);
      }
      try (Session s = Session.open(store).auths(new Authorizations())) {
        assertNotNull(ResidentImage.read(s, "G", MAX, true), "restored");
      }
      try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
        f.setLength(size - 8);
      }
      try (Session s = Session.open(store).auths(new Authorizations())) {
        assertNull(ResidentImage.read(s, "G", MAX, true), "cut short");
        assertNotNull(Resident.graphFor(s.matrix("G"), MAX), "the table is read instead");
      }
    }
  }

  private static void flip(Path file, long at) throws IOException {
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.seek(at);
      int b = f.read();
      f.seek(at);
      f.write(b ^ 0x10);
    }
  }

  /** Every edge's value is its cell's value as a number. */
  private static void assertValues(Store store, String table, ResidentGraph g) {
    int checked = 0;
    for (Entry<Key, Value> e : store.scanAll(table, ScanSpec.all())) {
      int u = g.find(e.getKey().getRow().toString().getBytes(StandardCharsets.UTF_8));
      int v = g.find(e.getKey().getColumnQualifier().toString().getBytes(StandardCharsets.UTF_8));
      boolean found = false;
      for (int k = g.offsets()[u]; k < g.offsets()[u + 1]; k++) {
        if (g.targets()[k] == v) {
          assertEquals(Double.parseDouble(e.getValue().toString()), g.weights()[k], e.getKey().toString());
          found = true;
        }
      }
      assertTrue(found, e.getKey().toString());
      checked++;
    }
    assertEquals(g.edges(), checked);
  }
}
