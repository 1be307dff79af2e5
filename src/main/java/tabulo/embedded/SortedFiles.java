package tabulo.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;

import org.apache.accumulo.core.conf.ConfigurationCopy;
import org.apache.accumulo.core.conf.DefaultConfiguration;
import org.apache.accumulo.core.conf.Property;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.PartialKey;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.file.FileOperations;
import org.apache.accumulo.core.file.FileSKVIterator;
import org.apache.accumulo.core.file.FileSKVWriter;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import org.apache.accumulo.core.spi.crypto.NoCryptoService;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * Reads and writes the immutable sorted files of tablets in Accumulo's RFile format (so a table can be
 * bulk-imported into Accumulo), on the local disk through Hadoop's raw local file system.
 */
final class SortedFiles {
  static final String EXTENSION = ".rf";
  private static final Configuration HADOOP_CONF = new Configuration(false);
  private static final FileSystem FS = localFileSystem();
  private static final NoCryptoService NO_CRYPTO = new NoCryptoService();

  private SortedFiles() {}

  private static FileSystem localFileSystem() {
    try {
      RawLocalFileSystem fs = new RawLocalFileSystem();
      fs.initialize(URI.create("file:///"), HADOOP_CONF);
      return fs;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static ConfigurationCopy tableConfiguration(String compression) {
    ConfigurationCopy conf = new ConfigurationCopy(DefaultConfiguration.getInstance());
    conf.set(Property.TABLE_FILE_COMPRESSION_TYPE, compression);
    return conf;
  }

  static FileSKVIterator openReader(Path file, ConfigurationCopy tableConf) throws IOException {
    return FileOperations.getInstance().newReaderBuilder()
        .forFile(file.toString(), FS, HADOOP_CONF, NO_CRYPTO).withTableConfiguration(tableConf).build();
  }

  /**
   * Writes everything {@code source} yields (it must already be seeked) to a new file, fsyncs it, and
   * returns its size; null if the source was empty (no file is left behind).
   */
  static TableManifest.FileMeta write(Path file, SortedKeyValueIterator<Key, Value> source,
      ConfigurationCopy tableConf) throws IOException {
    long entries = 0;
    boolean deletes = false;
    boolean labels = false;
    boolean versions = false;
    Key previous = new Key();
    FileSKVWriter writer = FileOperations.getInstance().newWriterBuilder()
        .forFile(file.toString(), FS, HADOOP_CONF, NO_CRYPTO).withTableConfiguration(tableConf).build();
    try {
      writer.startDefaultLocalityGroup();
      while (source.hasTop()) {
        Key k = source.getTopKey();
        writer.append(k, source.getTopValue());
        deletes |= k.isDeleted();
        labels |= k.getColumnVisibilityData().length() > 0;
        if (entries > 0 && !versions) {
          versions = k.equals(previous, PartialKey.ROW_COLFAM_COLQUAL_COLVIS);
        }
        if (!versions) {
          previous.set(k); // copied: the source may reuse its key
        }
        entries++;
        source.next();
      }
    } finally {
      writer.close();
    }
    if (entries == 0) {
      Files.deleteIfExists(file);
      return null;
    }
    AtomicFile.syncFile(file);
    return new TableManifest.FileMeta(file.getFileName().toString(), entries, Files.size(file),
        new SourceTraits(deletes, labels, versions));
  }
}
