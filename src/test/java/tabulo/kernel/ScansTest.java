package tabulo.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.PartialKey;
import org.apache.accumulo.core.data.Range;
import org.junit.jupiter.api.Test;

import tabulo.select.KeySpec;

/** Row selections clipped to a span: an empty span gives no range (a tablet server refuses to scan one). */
class ScansTest {
  private static Key after(String row) {
    return new Key(row).followingKey(PartialKey.ROW);
  }

  @Test
  void anEmptySpanGivesNoRange() {
    // a stream's span after the last row of tablet (-inf, carol]: [carol\\0, carol\\0)
    Range empty = new Range(after("carol"), true, after("carol"), false);
    assertEquals(List.of(), Scans.clip(KeySpec.all(), empty));
    assertEquals(List.of(), Scans.clip(KeySpec.parse("a,:,z,"), empty));
    Range one = new Range(after("carol"), true, after("dave"), false);
    assertEquals(1, Scans.clip(KeySpec.all(), one).size());
    assertEquals(List.of(), Scans.clip(KeySpec.parse("x,"), one));
  }
}
