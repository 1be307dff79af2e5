package tabulo.graphalytics;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

import tabulo.storage.TabuloException;

/**
 * An LDBC Graphalytics dataset on disk: {@code BASE.properties}, and the vertex and edge files it names
 * (by default {@code BASE.v} and {@code BASE.e}). Parameters are LDBC's keys {@code graph.NAME.KEY}, NAME
 * being the file name of BASE; a missing one is an error naming the properties file and the key.
 */
public record Dataset(String name, Path properties, Path vertexFile, Path edgeFile, Properties keys) {

  /** The dataset whose files are {@code base}.properties, .v and .e. */
  public static Dataset open(String base) {
    Path props = Path.of(base + ".properties");
    if (!Files.isReadable(props)) {
      throw new TabuloException("cannot read " + props + ": " + (Files.exists(props) ? "permission denied"
          : "no such file (DATASET is the path without extension: DATASET.properties, .v, .e)"));
    }
    Properties keys = new Properties();
    try (Reader r = Files.newBufferedReader(props, StandardCharsets.UTF_8)) {
      keys.load(r);
    } catch (IOException e) {
      throw TabuloException.cannotRead(props.toString(), e);
    }
    String name = Path.of(base).getFileName().toString();
    Path dir = props.toAbsolutePath().getParent();
    String v = keys.getProperty("graph." + name + ".vertex-file");
    String e = keys.getProperty("graph." + name + ".edge-file");
    Dataset d = new Dataset(name, props, v == null ? Path.of(base + ".v") : dir.resolve(v.trim()),
        e == null ? Path.of(base + ".e") : dir.resolve(e.trim()), keys);
    for (Path f : List.of(d.vertexFile, d.edgeFile)) {
      if (!Files.isReadable(f)) {
        throw new TabuloException("cannot read " + f + ": no such file (named by " + props + ")");
      }
    }
    return d;
  }

  /** {@code graph.NAME.directed}: required. */
  public boolean directed() {
    String v = text("directed", "the graph's direction");
    if (!v.equals("true") && !v.equals("false")) {
      throw new TabuloException(properties + ": graph." + name + ".directed must be true or false, not '" + v + "'");
    }
    return v.equals("true");
  }

  /** The edge properties' names in the order the .e file's columns after {@code src dst} hold them. */
  public List<String> edgeProperties() {
    String v = keys.getProperty(key("edge-properties.names"));
    return v == null || v.isBlank() ? List.of() : List.of(v.trim().split("\\s*,\\s*"));
  }

  /** The parameter {@code graph.NAME.KEY} as text, or an error naming the file, the key and who needs it. */
  public String text(String key, String neededBy) {
    String v = keys.getProperty(key(key));
    if (v == null || v.isBlank()) {
      throw new TabuloException(properties + ": no parameter " + key(key) + " (needed for " + neededBy + ")");
    }
    return v.trim();
  }

  public long integer(String key, String neededBy) {
    String v = text(key, neededBy);
    try {
      return Long.parseLong(v);
    } catch (NumberFormatException e) {
      throw new TabuloException(properties + ": " + key(key) + " must be an integer, not '" + v + "'");
    }
  }

  public double real(String key, String neededBy) {
    String v = text(key, neededBy);
    try {
      return Double.parseDouble(v);
    } catch (NumberFormatException e) {
      throw new TabuloException(properties + ": " + key(key) + " must be a number, not '" + v + "'");
    }
  }

  private String key(String key) {
    return "graph." + name + "." + key;
  }

  /** The files' sizes and modification times: a loaded copy is reused while this is unchanged. */
  public String fingerprint() {
    StringBuilder sb = new StringBuilder();
    for (Path f : List.of(properties, vertexFile, edgeFile)) {
      try {
        sb.append(f.toAbsolutePath()).append(' ').append(Files.size(f)).append(' ')
            .append(Files.getLastModifiedTime(f).toMillis()).append('\n');
      } catch (IOException e) {
        throw TabuloException.cannotRead(f.toString(), e);
      }
    }
    return sb.toString();
  }
}
