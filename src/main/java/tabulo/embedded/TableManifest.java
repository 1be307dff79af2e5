package tabulo.embedded;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;

/**
 * A table's committed state (LevelDB's version set): split points, iterator configuration, properties,
 * and for each tablet its sorted files and the first write-ahead log still needed. Saved atomically, so a
 * crash at any point leaves the last committed state. Instances are mutated only under the table's lock.
 */
final class TableManifest {
  static final String FILE_NAME = "MANIFEST";
  private static final String HEADER = "tabulo-manifest 1";

  /** One immutable sorted file of a tablet, and what it holds: they let scans skip no-op iterators. */
  record FileMeta(String name, long entries, long bytes, SourceTraits traits, boolean checksummed) {}

  /** Marks a file that has a {@link FileChecksums} side file; files written before them have none. */
  private static final String CHECKSUMMED = "crc32c";

  /** The committed part of one tablet's state. */
  static final class TabletMeta {
    long logNumber; // write-ahead logs numbered >= this are replayed on open
    long maxTimestamp; // newest system-assigned timestamp in the tablet's files
    List<FileMeta> files = new ArrayList<>();
  }

  final List<byte[]> splits = new ArrayList<>();
  final Map<IteratorScope, List<IteratorSetting>> iterators = new EnumMap<>(IteratorScope.class);
  final Map<String, String> properties = new TreeMap<>();
  final List<TabletMeta> tablets = new ArrayList<>();
  long nextFileNumber = 1;

  TableManifest() {
    for (IteratorScope s : IteratorScope.values()) {
      iterators.put(s, new ArrayList<>());
    }
  }

  static TableManifest create(List<byte[]> splits) {
    TableManifest m = new TableManifest();
    m.splits.addAll(splits);
    for (int i = 0; i <= splits.size(); i++) {
      m.tablets.add(new TabletMeta());
    }
    return m;
  }

  void save(Path dir) throws IOException {
    List<String> lines = new ArrayList<>();
    lines.add("next-file " + nextFileNumber);
    for (byte[] s : splits) {
      lines.add("split " + TextRecords.encode(s));
    }
    properties.forEach((k, v) -> lines.add("property " + TextRecords.encode(k) + " " + TextRecords.encode(v)));
    for (Map.Entry<IteratorScope, List<IteratorSetting>> e : iterators.entrySet()) {
      for (IteratorSetting is : e.getValue()) {
        StringBuilder sb = new StringBuilder("iterator ").append(e.getKey().name()).append(' ')
            .append(is.getPriority()).append(' ').append(TextRecords.encode(is.getName())).append(' ')
            .append(TextRecords.encode(is.getIteratorClass()));
        is.getOptions().forEach((k, v) -> sb.append(' ').append(TextRecords.encode(k)).append(' ')
            .append(TextRecords.encode(v)));
        lines.add(sb.toString());
      }
    }
    for (int i = 0; i < tablets.size(); i++) {
      TabletMeta t = tablets.get(i);
      lines.add("tablet " + i + " " + t.logNumber + " " + t.maxTimestamp);
      for (FileMeta f : t.files) {
        lines.add("file " + i + " " + f.name() + " " + f.entries() + " " + f.bytes() + " " + f.traits().code()
            + (f.checksummed() ? " " + CHECKSUMMED : ""));
      }
    }
    TextRecords.write(dir.resolve(FILE_NAME), HEADER, lines);
  }

  static TableManifest load(Path dir) throws IOException {
    TableManifest m = new TableManifest();
    Map<Integer, TabletMeta> tablets = new TreeMap<>();
    for (String[] r : TextRecords.read(dir.resolve(FILE_NAME), HEADER)) {
      switch (r[0]) {
        case "next-file" -> m.nextFileNumber = Long.parseLong(r[1]);
        case "split" -> m.splits.add(TextRecords.decodeBytes(r[1]));
        case "property" -> m.properties.put(TextRecords.decode(r[1]), TextRecords.decode(r[2]));
        case "iterator" -> {
          Map<String, String> opts = new LinkedHashMap<>();
          for (int i = 5; i + 1 < r.length; i += 2) {
            opts.put(TextRecords.decode(r[i]), TextRecords.decode(r[i + 1]));
          }
          m.iterators.get(IteratorScope.valueOf(r[1])).add(new IteratorSetting(Integer.parseInt(r[2]),
              TextRecords.decode(r[3]), TextRecords.decode(r[4]), opts));
        }
        case "tablet" -> {
          TabletMeta t = new TabletMeta();
          t.logNumber = Long.parseLong(r[2]);
          t.maxTimestamp = Long.parseLong(r[3]);
          tablets.put(Integer.parseInt(r[1]), t);
        }
        case "file" -> tablets.get(Integer.parseInt(r[1])).files
            .add(new FileMeta(r[2], Long.parseLong(r[3]), Long.parseLong(r[4]), SourceTraits.parse(r[5]),
                r.length > 6 && CHECKSUMMED.equals(r[6])));
        default -> throw new IOException("damaged manifest in " + dir + ": unknown record " + r[0]);
      }
    }
    m.tablets.addAll(tablets.values());
    if (m.tablets.size() != m.splits.size() + 1) {
      throw new IOException("damaged manifest in " + dir + ": " + m.tablets.size() + " tablets for "
          + m.splits.size() + " splits");
    }
    m.iterators.values().forEach(l -> l.sort(Comparator.comparingInt(IteratorSetting::getPriority)));
    return m;
  }
}
