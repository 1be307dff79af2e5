package tabulo.embedded;

import tabulo.util.PrivateFiles;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.channels.Channels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.apache.accumulo.core.conf.ConfigurationCopy;
import org.apache.accumulo.core.conf.DefaultConfiguration;
import org.apache.accumulo.core.conf.Property;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.file.FileOperations;
import org.apache.accumulo.core.file.FileSKVIterator;
import org.apache.accumulo.core.file.blockfile.impl.BasicCacheProvider;
import org.apache.accumulo.core.file.blockfile.impl.CacheProvider;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import org.apache.accumulo.core.spi.crypto.NoCryptoService;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.RawLocalFileSystem;

import tabulo.rfile.RFileWriter;

/**
 * Reads and writes the immutable sorted files of tablets in Accumulo's RFile format (so a table can be
 * bulk-imported into Accumulo), on the local disk: read through Hadoop's raw local file system, written
 * by Tabulo's RFile writer when uncompressed (the default), with the table's locality groups, and by
 * Accumulo's otherwise (the default locality group alone: it takes groups one after the other, and
 * entries come once, in key order). Each has a side
 * file of {@link FileChecksums}, checked as it is read.
 */
final class SortedFiles {
  static final String EXTENSION = ".rf";

  private SortedFiles() {}

  /**
   * What Accumulo's reader needs, made when it is first opened: Hadoop's file system costs a command that
   * never opens one (a scan that reads every file in place) most of a second of start-up (its
   * configuration, logging and metrics classes).
   */
  private static final class AccumuloReaders {
    static final Configuration HADOOP_CONF = new Configuration(false);
    static final FileSystem FS = localFileSystem();
    static final NoCryptoService NO_CRYPTO = new NoCryptoService();
    static final CacheProvider WHOLE_BLOCKS = new BasicCacheProvider(null, WholeBlockReads.INSTANCE);

    private static FileSystem localFileSystem() {
      try {
        RawLocalFileSystem fs = new LocalSortedFileSystem();
        fs.initialize(URI.create("file:///"), HADOOP_CONF);
        return fs;
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  static ConfigurationCopy tableConfiguration(String compression) {
    ConfigurationCopy conf = new ConfigurationCopy(DefaultConfiguration.getInstance());
    conf.set(Property.TABLE_FILE_COMPRESSION_TYPE, compression);
    return conf;
  }

  /** Opens a reader; a file the manifest says has checksums is refused without them, never read unchecked. */
  static FileSKVIterator openReader(Path file, boolean checksummed, ConfigurationCopy tableConf)
      throws IOException {
    if (checksummed && !Files.exists(FileChecksums.sideFile(file))) {
      throw new IOException("sorted file " + file + " has lost its checksum file "
          + FileChecksums.sideFile(file).getFileName());
    }
    return FileOperations.getInstance().newReaderBuilder()
        .forFile(file.toString(), AccumuloReaders.FS, AccumuloReaders.HADOOP_CONF, AccumuloReaders.NO_CRYPTO)
        .withTableConfiguration(tableConf).withCacheProvider(AccumuloReaders.WHOLE_BLOCKS).build();
  }

  /**
   * Writes everything {@code source} yields (it must already be seeked) to a new file, fsyncs it, and
   * returns its size; null if the source was empty (no file is left behind).
   */
  static TableManifest.FileMeta write(Path file, SortedKeyValueIterator<Key, Value> source,
      ConfigurationCopy tableConf) throws IOException {
    try (SortedFileBuilder builder = newBuilder(file, tableConf)) {
      while (source.hasTop()) {
        builder.append(source.getTopKey(), source.getTopValue());
        source.next();
      }
      return builder.finish();
    }
  }

  /**
   * Files through Tabulo's RFile writer, in the table's locality groups and with its block compression (the
   * writer compresses each block with Accumulo's codec, so compressed tables keep their groups too).
   */
  static SortedFileBuilder newBuilder(Path file, ConfigurationCopy tableConf) throws IOException {
    return newBuilder(file, writerOptions(tableConf));
  }

  /** The layout of a table's files as its configuration gives it. */
  static RFileWriter.Options writerOptions(ConfigurationCopy tableConf) {
    return new RFileWriter.Options()
        .blockSizes(tableConf.getAsBytes(Property.TABLE_FILE_COMPRESSED_BLOCK_SIZE),
            tableConf.getAsBytes(Property.TABLE_FILE_COMPRESSED_BLOCK_SIZE_INDEX))
        .groups(LocalityGroupProperties.groups(tableConf))
        .compression(tableConf.get(Property.TABLE_FILE_COMPRESSION_TYPE));
  }

  static SortedFileBuilder newBuilder(Path file, RFileWriter.Options options) throws IOException {
    OutputStream out = new ChecksummingOutputStream(Channels.newOutputStream(
        PrivateFiles.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)), file);
    try {
      return SortedFileBuilder.of(file, new RFileWriter(out, options));
    } catch (IOException | RuntimeException e) {
      out.close();
      FileChecksums.deleteWithFile(file);
      throw e;
    }
  }
}
