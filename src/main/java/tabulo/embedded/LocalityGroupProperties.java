package tabulo.embedded;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.apache.accumulo.core.conf.AccumuloConfiguration;
import org.apache.accumulo.core.conf.Property;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.util.LocalityGroupUtil;
import org.apache.hadoop.io.Text;

import tabulo.storage.TabuloException;

/**
 * A table's locality groups as Accumulo's table properties ({@code table.group.NAME} = its encoded column
 * families, {@code table.groups.enabled} = the names), kept in the manifest beside the iterators and read
 * back with Accumulo's own parser, so the embedded engine and Accumulo describe groups the same way.
 */
final class LocalityGroupProperties {
  private LocalityGroupProperties() {}

  /** The properties for {@code groups} (none when empty); a family in two groups is an error naming the table. */
  static Map<String, String> of(String table, Map<String, Set<String>> groups) {
    Map<String, String> props = new TreeMap<>();
    if (groups.isEmpty()) {
      return props;
    }
    Map<String, String> seen = new TreeMap<>();
    for (Map.Entry<String, Set<String>> g : groups.entrySet()) {
      if (!g.getKey().matches("[A-Za-z0-9_]+")) {
        throw new TabuloException("table " + table + ": locality group name '" + g.getKey()
            + "' must be letters, digits or _");
      }
      for (String f : g.getValue()) {
        String other = seen.put(f, g.getKey());
        if (other != null) {
          throw new TabuloException("table " + table + ": column family '" + f + "' is in locality groups "
              + other + " and " + g.getKey());
        }
      }
      props.put(Property.TABLE_LOCALITY_GROUP_PREFIX.getKey() + g.getKey(), LocalityGroupUtil
          .encodeColumnFamilies(g.getValue().stream().map(Text::new).collect(Collectors.toSet())));
    }
    props.put(Property.TABLE_LOCALITY_GROUPS.getKey(), String.join(",", groups.keySet()));
    return props;
  }

  /** {@code groups} with families as UTF-8 strings, both sorted (for reports and exports). */
  static java.util.SortedMap<String, java.util.SortedSet<String>> names(Map<String, Set<ByteSequence>> groups) {
    java.util.SortedMap<String, java.util.SortedSet<String>> out = new TreeMap<>();
    groups.forEach((name, families) -> {
      java.util.SortedSet<String> f = new java.util.TreeSet<>();
      families.forEach(cf -> f.add(new String(cf.toArray(), java.nio.charset.StandardCharsets.UTF_8)));
      out.put(name, f);
    });
    return out;
  }

  /** The groups a table's file configuration names: group name to column families (empty: none). */
  static Map<String, Set<ByteSequence>> groups(AccumuloConfiguration tableConf) {
    try {
      return LocalityGroupUtil.getLocalityGroups(tableConf);
    } catch (LocalityGroupUtil.LocalityGroupConfigurationError e) {
      throw new IllegalStateException("damaged locality group settings: " + e.getMessage(), e);
    }
  }
}
