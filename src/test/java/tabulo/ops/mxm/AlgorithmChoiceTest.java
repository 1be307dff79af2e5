package tabulo.ops.mxm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Proxy;

import org.junit.jupiter.api.Test;

import tabulo.ops.mxm.MxmOptions.Algorithm;
import tabulo.storage.Store;
import tabulo.storage.TableInfo;

/**
 * {@code --algorithm auto} does not trust entry counts of zero beside bytes on disk: Accumulo records a
 * bulk-imported file's entries as 0 until a compaction, which would make any B look small.
 */
class AlgorithmChoiceTest {
  /** A store whose info reports these figures for every table (and supports nothing else). */
  private static Store reporting(long entries, long bytes) {
    return (Store) Proxy.newProxyInstance(Store.class.getClassLoader(), new Class<?>[] {Store.class},
        (proxy, method, args) -> {
          if (method.getName().equals("info")) {
            return new TableInfo((String) args[0], entries, 1, bytes > 0 ? 1 : 0, bytes);
          }
          throw new UnsupportedOperationException(method.getName());
        });
  }

  @Test
  void uncountedBulkFilesMeanSizesUnknown() {
    MxmOptions auto = MxmOptions.defaults().transposeA(true);
    AlgorithmChoice c = AlgorithmChoice.of(reporting(0, 50_000), "A", "B", auto);
    assertEquals(Algorithm.ROWWISE, c.algorithm());
    assertEquals("auto: table sizes unknown (bulk-imported files not yet counted)", c.reason());
    // truly empty tables are counted: the rule applies (nothing to multiply, the outer product reads nothing)
    assertEquals(Algorithm.OUTER, AlgorithmChoice.of(reporting(0, 0), "A", "B", auto).algorithm());
  }
}
