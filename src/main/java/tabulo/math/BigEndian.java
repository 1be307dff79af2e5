package tabulo.math;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** 8-byte big-endian longs in byte arrays (a JIT intrinsic, not a loop). */
final class BigEndian {
  private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  private BigEndian() {}

  static long getLong(byte[] b, int off) {
    return (long) LONG.get(b, off);
  }

  static byte[] bytes(long v) {
    byte[] b = new byte[8];
    LONG.set(b, 0, v);
    return b;
  }
}
