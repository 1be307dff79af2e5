package tabulo.ops;

import org.apache.accumulo.core.data.Range;

import tabulo.select.KeySpec;

/** A multiply kernel as its hosts see it: which table it walks tablet by tablet, and a run per tablet. */
public interface TabletKernel {
  /** The table whose tablets the kernel walks; a run reads their rows through {@link DriverRows}. */
  String driverTable();

  /** The columns of the driver table the kernel reads (selected beneath it, by the host). */
  KeySpec driverColumns();

  /** Starts on the rows of {@code range} (a tablet, or what is left of one after a resume). */
  TabletRun start(Range range, DriverRows driver);
}
