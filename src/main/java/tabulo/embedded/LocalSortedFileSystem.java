package tabulo.embedded;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Paths;

import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * Hadoop's raw local file system as Accumulo's RFile code sees the embedded engine's sorted files: files it
 * creates are private (600) and get {@link FileChecksums}; files that have checksums are read verified.
 */
final class LocalSortedFileSystem extends RawLocalFileSystem {
  private static final FsPermission PRIVATE = new FsPermission((short) 0600);

  @Override
  protected OutputStream createOutputStream(Path f, boolean append) throws IOException {
    return createOutputStreamWithMode(f, append, PRIVATE);
  }

  @Override
  protected OutputStream createOutputStreamWithMode(Path f, boolean append, FsPermission permission)
      throws IOException {
    if (append) {
      throw new IOException("sorted files are immutable: cannot append to " + f);
    }
    return new ChecksummingOutputStream(super.createOutputStreamWithMode(f, false, PRIVATE), local(f));
  }

  @Override
  public FSDataInputStream open(Path f, int bufferSize) throws IOException {
    java.nio.file.Path file = local(f);
    FileChecksums sums = FileChecksums.load(file);
    if (sums == null) {
      return super.open(f, bufferSize); // written before sorted files had checksums
    }
    return new FSDataInputStream(new VerifiedInputStream(file, sums));
  }

  private java.nio.file.Path local(Path f) {
    return Paths.get(pathToFile(f).getPath());
  }
}
