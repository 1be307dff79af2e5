package tabulo.util;

import java.lang.management.ManagementFactory;

/**
 * CPU time this process has used, on all its threads (background compactions, garbage collection and the
 * JIT included): entries per CPU-second is a rate per core that other load on the machine barely moves.
 */
public final class ProcessCpu {
  private ProcessCpu() {}

  /** CPU seconds used so far; NaN where the JVM cannot tell. */
  public static double seconds() {
    if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
      long nanos = os.getProcessCpuTime();
      return nanos < 0 ? Double.NaN : nanos / 1e9;
    }
    return Double.NaN;
  }
}
