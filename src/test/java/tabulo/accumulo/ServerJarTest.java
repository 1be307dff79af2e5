package tabulo.accumulo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.DataInputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * {@code target/tabulo-server.jar}, the jar tablet servers load Tabulo's iterators from, is self-sufficient:
 * from the jar plus the test classpath's libraries that an Accumulo 2.1 tablet server also has (not Tabulo's
 * own class directories, not picocli, JUnit or accumulo-minicluster), every class in it loads, its
 * declared members resolve, and every class its code names (constant pool) loads too.
 */
class ServerJarTest {
  private static final Path JAR = Path.of("target", "tabulo-server.jar");
  private static final Set<String> SERVER_PACKAGES = Set.of("tabulo/iterators", "tabulo/math", "tabulo/kernel",
      "tabulo/ops", "tabulo/ops/mxm",
      "tabulo/storage", "tabulo/accumulo", "tabulo/d4m", "tabulo/select", "tabulo/ingest", "tabulo/util",
      "tabulo/rfile", "tabulo/partition");
  /** Jars of the test classpath that a tablet server does not have (file name prefixes). */
  private static final List<String> NOT_ON_TABLET_SERVERS = List.of("picocli-", "junit-", "opentest4j-",
      "apiguardian-", "accumulo-minicluster-", "surefire");

  @Test
  void holdsTheServerPackagesAndTheIterators() throws IOException {
    Set<String> packages = new TreeSet<>();
    for (String name : classNames()) {
      packages.add(name.substring(0, name.lastIndexOf('.')).replace('.', '/'));
    }
    assertEquals(new TreeSet<>(SERVER_PACKAGES), packages);
    List<String> names = classNames();
    for (String iterator : List.of("tabulo.iterators.DecimalSumCombiner", "tabulo.iterators.MonoidCombiner",
        "tabulo.iterators.AcrossLabelsCombiner", "tabulo.iterators.ColumnSpecFilter")) {
      assertTrue(names.contains(iterator), iterator);
    }
    assertTrue(names.stream().noneMatch(n -> n.startsWith("tabulo.accumulo.MiniCluster")), names::toString);
    // the generic kernel iterator finds every kernel kind through this list
    try (JarFile jar = new JarFile(JAR.toFile())) {
      assertTrue(jar.getEntry("META-INF/services/tabulo.kernel.KernelPlan$Kind") != null, "kernel kinds listed");
    }
  }

  @Test
  void everyClassAndEverythingItNamesLoadsWithoutTabulosOtherClassesOrLibraries() throws Exception {
    List<URL> urls = new ArrayList<>(List.of(JAR.toUri().toURL()));
    for (Path entry : serverLibraries()) {
      urls.add(entry.toUri().toURL());
    }
    // the platform loader as parent: nothing from the application class path (target/classes) leaks in
    try (URLClassLoader loader = new URLClassLoader(urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
        JarFile jar = new JarFile(JAR.toFile())) {
      TreeMap<String, String> missing = new TreeMap<>(); // missing class -> a class that needs it
      int loaded = 0;
      for (JarEntry e : java.util.Collections.list(jar.entries())) {
        if (!e.getName().endsWith(".class")) {
          continue;
        }
        String name = e.getName().substring(0, e.getName().length() - ".class".length()).replace('/', '.');
        try {
          Class<?> c = Class.forName(name, false, loader);
          c.getDeclaredMethods(); // resolve the types in every signature
          c.getDeclaredFields();
          c.getDeclaredConstructors();
          loaded++;
        } catch (ClassNotFoundException | LinkageError ex) {
          missing.putIfAbsent(String.valueOf(ex.getMessage()).replace('/', '.'), name);
          continue;
        }
        try (InputStream in = jar.getInputStream(e)) {
          for (String referenced : referencedClasses(in.readAllBytes())) {
            try {
              Class.forName(referenced, false, loader);
            } catch (ClassNotFoundException | LinkageError ex) {
              missing.putIfAbsent(referenced, name);
            }
          }
        }
      }
      if (!missing.isEmpty()) {
        fail("tabulo-server.jar needs classes a tablet server does not have (missing <- needed by): " + missing);
      }
      assertTrue(loaded > 50, "only " + loaded + " classes in " + JAR);
    }
  }

  private static List<String> classNames() throws IOException {
    assertTrue(Files.isRegularFile(JAR), JAR + " is missing: the build makes it at phase process-classes");
    List<String> out = new ArrayList<>();
    try (JarFile jar = new JarFile(JAR.toFile())) {
      for (JarEntry e : java.util.Collections.list(jar.entries())) {
        if (e.getName().endsWith(".class")) {
          out.add(e.getName().substring(0, e.getName().length() - ".class".length()).replace('/', '.'));
        }
      }
    }
    return out;
  }

  /** The test classpath's jars less those a tablet server lacks; directories (Tabulo's own classes) left out. */
  static List<Path> serverLibraries() {
    List<Path> out = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      Path p = Path.of(entry);
      String file = p.getFileName().toString();
      if (Files.isRegularFile(p) && file.endsWith(".jar") && NOT_ON_TABLET_SERVERS.stream().noneMatch(file::startsWith)) {
        out.add(p);
      }
    }
    assertTrue(out.stream().anyMatch(p -> p.getFileName().toString().startsWith("accumulo-core-")),
        "accumulo-core is not on java.class.path: " + out);
    return out;
  }

  private static final Pattern OBJECT_TYPE = Pattern.compile("L([^;<>]+);");

  /**
   * Classes a class file names in its constant pool: class constants, and the types in the descriptors of
   * the fields and methods it uses and of method types (so a call that passes a missing type is caught).
   */
  static Set<String> referencedClasses(byte[] classFile) throws IOException {
    DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(classFile));
    in.readInt(); // magic
    in.readUnsignedShort(); // minor
    in.readUnsignedShort(); // major
    int count = in.readUnsignedShort();
    String[] utf8 = new String[count];
    List<Integer> classNames = new ArrayList<>();
    List<Integer> descriptors = new ArrayList<>();
    for (int i = 1; i < count; i++) {
      int tag = in.readUnsignedByte();
      switch (tag) {
        case 1 -> utf8[i] = in.readUTF();
        case 7 -> classNames.add(in.readUnsignedShort());
        case 12 -> { // NameAndType: name, descriptor
          in.readUnsignedShort();
          descriptors.add(in.readUnsignedShort());
        }
        case 16 -> descriptors.add(in.readUnsignedShort()); // MethodType
        case 8, 19, 20 -> in.readUnsignedShort(); // String, Module, Package
        case 15 -> in.skipBytes(3); // MethodHandle
        case 3, 4, 9, 10, 11, 17, 18 -> in.readInt();
        case 5, 6 -> { // Long, Double take two slots
          in.readLong();
          i++;
        }
        default -> throw new IOException("unknown constant pool tag " + tag);
      }
    }
    Set<String> out = new TreeSet<>();
    for (int index : classNames) {
      String n = utf8[index];
      if (n.startsWith("[")) {
        addObjectTypes(n, out); // an array class: its element type
      } else {
        out.add(n.replace('/', '.'));
      }
    }
    for (int index : descriptors) {
      addObjectTypes(utf8[index], out);
    }
    return out;
  }

  private static void addObjectTypes(String descriptor, Set<String> out) {
    Matcher m = OBJECT_TYPE.matcher(descriptor);
    while (m.find()) {
      out.add(m.group(1).replace('/', '.'));
    }
  }
}
