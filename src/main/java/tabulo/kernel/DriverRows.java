package tabulo.kernel;

import java.util.List;

import org.apache.accumulo.core.data.Range;

import tabulo.storage.Scan;

/**
 * The rows of a kernel's driver table (the table whose tablets it walks) over some row ranges, with the
 * kernel's column selection applied. The host decides where they come from: a scan through the store,
 * or the tablet's own data inside a tablet server.
 */
@FunctionalInterface
public interface DriverRows {
  Scan open(List<Range> ranges);
}
