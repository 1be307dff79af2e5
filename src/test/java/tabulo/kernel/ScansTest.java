package tabulo.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.PartialKey;
import org.apache.accumulo.core.data.Range;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;

import tabulo.select.KeySpec;

/** Clipping row selections to a kernel's range. */
class ScansTest {
  /**
   * A kernel resumed after the last row of its tablet (-inf, carol] is seeked to [carol\0, carol\0): no
   * key lies there, and a tablet server refuses to scan such a range, so clipping gives no range at all.
   */
  @Test
  void anEmptyRangeClipsToNothing() {
    Key after = new Key(new Text("carol")).followingKey(PartialKey.ROW);
    Range empty = new Range(after, true, after, false);
    assertEquals(List.of(), Scans.clip(KeySpec.all(), empty));
    assertEquals(List.of(), Scans.clip(KeySpec.parse("a,:,z,"), empty));
    Range tablet = new Range(null, true, new Text("carol"), true);
    assertEquals(1, Scans.clip(KeySpec.all(), tablet).size());
    assertEquals(List.of(), Scans.clip(KeySpec.parse("d,:,z,"), tablet));
  }
}
