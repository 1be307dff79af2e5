package tabulo.storage;

import java.util.ArrayList;
import java.util.List;

import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.data.Column;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.security.Authorizations;

/**
 * What to scan: ranges, columns, authorizations and extra scan-time iterators. Ordered scans return
 * keys in sorted order; unordered scans read tablets in parallel and interleave them (a batch scanner).
 */
public final class ScanSpec {
  private final List<Range> ranges = new ArrayList<>();
  private final List<Column> columns = new ArrayList<>();
  private final List<IteratorSetting> iterators = new ArrayList<>();
  private Authorizations auths; // null: all of the user's authorizations
  private boolean ordered = true;
  private int threads = 1;

  public static ScanSpec all() {
    return new ScanSpec();
  }

  public ScanSpec range(Range r) {
    ranges.add(r);
    return this;
  }

  public ScanSpec ranges(Iterable<Range> rs) {
    rs.forEach(ranges::add);
    return this;
  }

  /** Fetch a whole column family. */
  public ScanSpec fetch(String family) {
    columns.add(new Column(family.getBytes(java.nio.charset.StandardCharsets.UTF_8), null, null));
    return this;
  }

  /** Fetch one column (family and qualifier). */
  public ScanSpec fetch(String family, String qualifier) {
    columns.add(new Column(family.getBytes(java.nio.charset.StandardCharsets.UTF_8),
        qualifier.getBytes(java.nio.charset.StandardCharsets.UTF_8), null));
    return this;
  }

  public ScanSpec auths(Authorizations a) {
    this.auths = a;
    return this;
  }

  public ScanSpec iterator(IteratorSetting s) {
    iterators.add(s);
    return this;
  }

  /** Read tablets in parallel on {@code threads} threads; results come back in no particular order. */
  public ScanSpec unordered(int threads) {
    this.ordered = false;
    this.threads = Math.max(1, threads);
    return this;
  }

  /** The ranges to scan; an empty list means the whole table. */
  public List<Range> ranges() {
    return ranges.isEmpty() ? List.of(new Range()) : ranges;
  }

  public List<Column> columns() {
    return columns;
  }

  public List<IteratorSetting> iterators() {
    return iterators;
  }

  public Authorizations auths() {
    return auths;
  }

  public boolean ordered() {
    return ordered;
  }

  public int threads() {
    return threads;
  }
}
