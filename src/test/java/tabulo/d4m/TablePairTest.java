package tabulo.d4m;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.embedded.EmbeddedStore;
import tabulo.select.KeySpec;
import tabulo.storage.Store;
import tabulo.storage.TableSettings;

/** A table and its transpose as one associative array, checked against the in-memory array written to it. */
class TablePairTest {
  @TempDir
  Path dir;

  private static Assoc randomArray(Random random, int triples) {
    Assoc.Builder b = Assoc.builder();
    for (int i = 0; i < triples; i++) {
      b.add("rec" + random.nextInt(40), "f" + random.nextInt(5) + "|" + random.nextInt(9), 1 + random.nextInt(3));
    }
    return b.build();
  }

  @Test
  void rowAndColumnQueriesAnswerAsTheArrayDoes() {
    Random random = new Random(7);
    Assoc a = randomArray(random, 400);
    try (Store store = EmbeddedStore.open(dir.resolve("db"), "root")) {
      store.create("Tedge", TableSettings.defaults().splits(java.util.List.of("rec2")));
      store.create("TedgeT", TableSettings.defaults());
      TablePair t = TablePair.of(store, "Tedge", "TedgeT");
      t.put(a);
      assertEquals(a.nnz(), t.nnz());
      String[][] queries = {{":", ":"}, {"rec1,rec7,", ":"}, {"rec1,:,rec3,", "f1*,"}, {":", "f2|3,"},
          {":", "f0|1,f4*,"}, {"rec9,", "f3|3,"}, {",", ":"}, {":", ","}};
      for (String[] q : queries) {
        KeySpec rows = KeySpec.parse(q[0]);
        KeySpec cols = KeySpec.parse(q[1]);
        assertEquals(a.get(rows, cols), t.get(rows, cols), () -> String.join(" ", q));
      }
      assertTrue(t.readsTranspose(KeySpec.all(), KeySpec.parse("f2|3,")));
      assertFalse(t.readsTranspose(KeySpec.parse("rec1,"), KeySpec.parse("f2|3,")));
      // pages: at most 7 entries each, together the whole result
      Assoc whole = Assoc.empty();
      int pages = 0;
      try (TablePair.Pages p = t.pages(KeySpec.all(), KeySpec.parse("f1*,f2*,"), 7)) {
        while (p.hasNext()) {
          Assoc page = p.next();
          assertTrue(page.nnz() <= 7 && page.nnz() > 0);
          whole = whole.plus(page);
          pages++;
        }
      }
      Assoc want = a.get(KeySpec.all(), KeySpec.parse("f1*,f2*,"));
      assertEquals(want, whole);
      assertEquals((want.nnz() + 6) / 7, pages);
    }
  }

  @Test
  void stringValuesComeBackAsStrings() {
    Assoc a = Assoc.builder().add("r1", "name", "ann").add("r2", "name", "bob").add("r2", "age", "7x")
        .add("r\u00e9\uD83D\uDE00", "n\u00e4me", "z\u00fc").build(); // non-ASCII keys and values round-trip
    try (Store store = EmbeddedStore.open(dir.resolve("db2"), "root")) {
      store.create("T", TableSettings.defaults());
      TablePair t = TablePair.of(store, "T");
      t.put(a);
      assertEquals(a, t.get(KeySpec.all(), KeySpec.all()));
      assertEquals("bob", t.get(KeySpec.parse("r2,"), KeySpec.parse("name,")).text("r2", "name"));
    }
  }

  /** NaN and infinities (the codec's words for them) are numbers: a table holding one still reads as numbers. */
  @Test
  void nonFiniteValuesComeBackAsNumbers() {
    Assoc a = Assoc.builder().add("r1", "c", 1.5).add("r2", "c", Double.NaN).add("r3", "c", Double.POSITIVE_INFINITY)
        .add("r4", "c", Double.NEGATIVE_INFINITY).build();
    try (Store store = EmbeddedStore.open(dir.resolve("db3"), "root")) {
      store.create("T", TableSettings.defaults());
      TablePair t = TablePair.of(store, "T");
      t.put(a);
      Assoc back = t.get(KeySpec.all(), KeySpec.all());
      assertFalse(back.isString());
      assertEquals(1.5, back.number("r1", "c"));
      assertTrue(Double.isNaN(back.number("r2", "c")));
      assertEquals(Double.POSITIVE_INFINITY, back.number("r3", "c"));
      assertEquals(Double.NEGATIVE_INFINITY, back.number("r4", "c"));
    }
  }
}
