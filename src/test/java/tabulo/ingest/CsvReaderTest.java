package tabulo.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import tabulo.storage.TabuloException;

class CsvReaderTest {
  private static List<CsvReader.Record> read(byte[] bytes) {
    List<CsvReader.Record> out = new ArrayList<>();
    try (CsvReader r = new CsvReader(new ByteArrayInputStream(bytes), "f.csv")) {
      CsvReader.Record rec;
      while ((rec = r.next()) != null) {
        out.add(rec);
      }
    }
    return out;
  }

  private static List<CsvReader.Record> read(String text) {
    return read(text.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void rfc4180QuotingByHand() {
    List<CsvReader.Record> r = read("a,b,c\r\n\"x,1\",\"say \"\"hi\"\"\",\"two\nlines\"\n\nplain,,é\n,\"\",last");
    assertEquals(4, r.size());
    assertEquals(List.of("a", "b", "c"), List.of(r.get(0).fields()));
    assertEquals(List.of("x,1", "say \"hi\"", "two\nlines"), List.of(r.get(1).fields()));
    assertEquals("\"x,1\",\"say \"\"hi\"\"\",\"two\nlines\"", r.get(1).raw());
    assertEquals(2, r.get(1).line());
    assertEquals(5, r.get(2).line()); // after the two-line record and an empty line
    assertEquals(List.of("plain", "", "é"), List.of(r.get(2).fields()));
    assertEquals(List.of("", "", "last"), List.of(r.get(3).fields()));
    assertEquals("a,b,c", r.get(0).raw());
  }

  @Test
  void aByteOrderMarkAtTheStartIsNotPartOfTheFirstColumnName() {
    List<CsvReader.Record> r = read("\uFEFFa,b\n1,2\n");
    assertEquals(List.of("a", "b"), List.of(r.get(0).fields()));
    assertEquals(1, r.get(0).line());
    assertEquals(List.of("1", "2"), List.of(r.get(1).fields()));
    assertEquals(List.of("\uFEFF"), List.of(read("a\n\uFEFF\n").get(1).fields()), "only at the start");
  }

  @Test
  void errorsNameTheLine() {
    assertEquals("f.csv:2: bad quoting: a quote inside an unquoted field (quote the whole field and double the quote)",
        assertThrows(TabuloException.class, () -> read("a,b\nx\"y,z\n")).getMessage());
    assertEquals("f.csv:3: bad quoting: 'x' after a closing quote (expected a separator or the line end)",
        assertThrows(TabuloException.class, () -> read("a,b\n\"p\nq\"x,z\n")).getMessage());
    assertEquals("f.csv:2: bad quoting: the quoted field opened on this line never closes",
        assertThrows(TabuloException.class, () -> read("a,b\n\"open,z\nmore\n")).getMessage());
    byte[] bad = "a,b\nok,fine\nx,\u00ff\n".getBytes(StandardCharsets.ISO_8859_1);
    assertEquals("f.csv:3: invalid UTF-8 (byte 0xFF)", assertThrows(TabuloException.class, () -> read(bad)).getMessage());
    byte[] badInQuotes = "a\n\"l1\nl2\u00c3(\"\n".getBytes(StandardCharsets.ISO_8859_1);
    assertEquals("f.csv:3: invalid UTF-8 (byte 0xC3)", assertThrows(TabuloException.class, () -> read(badInQuotes))
        .getMessage());
  }

  @Test
  void recordsSpanningBufferRefillsAndFieldsAgainstAWriter() {
    Random random = new Random(3);
    String[] alphabet = {"a", "b", ",", "\"", "\n", "\r", " ", "é", "😀"};
    List<List<String>> want = new ArrayList<>();
    StringBuilder csv = new StringBuilder();
    for (int i = 0; i < 3000; i++) {
      List<String> rec = new ArrayList<>();
      for (int k = 0; k < 3; k++) {
        StringBuilder f = new StringBuilder("v");
        int n = random.nextInt(i % 500 == 0 ? 5000 : 12);
        for (int c = 0; c < n; c++) {
          f.append(alphabet[random.nextInt(alphabet.length)]);
        }
        rec.add(f.toString().replace("\r", "")); // lone CRs inside quotes are data; keep the oracle simple
        if (k > 0) {
          csv.append(',');
        }
        csv.append('"').append(rec.get(k).replace("\"", "\"\"")).append('"');
      }
      csv.append(i % 2 == 0 ? "\n" : "\r\n");
      want.add(rec);
    }
    byte[] bytes = csv.toString().getBytes(StandardCharsets.UTF_8);
    // a stream that hands out a few bytes at a time, so records straddle every kind of refill boundary
    InputStream trickle = new ByteArrayInputStream(bytes) {
      @Override
      public synchronized int read(byte[] b, int off, int len) {
        return super.read(b, off, Math.min(len, 1 + random.nextInt(7000)));
      }
    };
    List<List<String>> got = new ArrayList<>();
    try (CsvReader r = new CsvReader(trickle, "t")) {
      CsvReader.Record rec;
      while ((rec = r.next()) != null) {
        got.add(List.of(rec.fields()));
      }
      assertNull(r.next());
    }
    assertEquals(want, got);
  }
}
