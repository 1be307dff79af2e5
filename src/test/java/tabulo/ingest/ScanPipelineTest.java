package tabulo.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.security.Authorizations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.embedded.EmbeddedStore;
import tabulo.storage.ScanSpec;
import tabulo.storage.SortingLoader;
import tabulo.storage.Store;
import tabulo.storage.TableSettings;

/**
 * The two-thread scan against the one-thread one (the oracle, {@link TsvExport} not pipelined): the same
 * bytes whatever the block size (cells larger than a block included), with and without visibilities;
 * a failed write ends the scan and is reported as such.
 */
class ScanPipelineTest {
  private static final byte[][] LABELS = {new byte[0], bytes("A"), bytes("B"), bytes("A&B"), bytes("A|B")};

  @TempDir
  Path dir;

  @Test
  void givesTheBytesOfOneScanForEveryBlockSize() {
    try (EmbeddedStore store = filled()) {
      for (boolean vis : new boolean[] {false, true}) {
        ByteArrayOutputStream oracle = new ByteArrayOutputStream();
        long lines = TsvExport.write(store, "t", List.of(new Range()), part -> ScanSpec.all().ranges(part),
            new TsvExport.Options(1, 0, vis), oracle);
        assertTrue(lines > 1000);
        for (int blockBytes : new int[] {1, 64, 1000, 1 << 16, ScanPipeline.BLOCK_BYTES}) {
          ByteArrayOutputStream out = new ByteArrayOutputStream();
          assertEquals(lines, ScanPipeline.write(store, "t", ScanSpec.all(), vis, out, blockBytes));
          assertEquals(oracle.toString(StandardCharsets.UTF_8), out.toString(StandardCharsets.UTF_8),
              blockBytes + "-byte blocks, visibilities " + vis);
        }
      }
    }
  }

  @Test
  void aFailedWriteEndsTheScan() {
    try (EmbeddedStore store = filled()) {
      OutputStream refusing = new OutputStream() {
        @Override
        public void write(int b) throws IOException {
          throw new IOException("Broken pipe");
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
          throw new IOException("Broken pipe");
        }
      };
      TsvWriter.OutputFailed e = assertThrows(TsvWriter.OutputFailed.class,
          () -> ScanPipeline.write(store, "t", ScanSpec.all(), false, refusing, 64));
      assertEquals("Broken pipe", e.getCause().getMessage());
    }
  }

  /** Several files and versions, labels the user may and may not read, long values and multi-byte text. */
  private EmbeddedStore filled() {
    EmbeddedStore store = EmbeddedStore.open(dir, EmbeddedStore.ROOT);
    store.create("t", TableSettings.defaults().splits(List.of("5", "b")));
    store.setAuthorizations(EmbeddedStore.ROOT, new Authorizations("A"));
    Random random = new Random(5);
    for (int round = 0; round < 2; round++) {
      try (SortingLoader loader = new SortingLoader(store, "t", 733)) {
        for (int i = 0; i < 4000; i++) {
          String row = "ключ-" + Long.toHexString(random.nextInt(1500) * 0x9E3779B97L);
          String value = random.nextInt(50) == 0 ? "v".repeat(300) + "\t:\\é" : round + "\t" + i;
          loader.put(bytes(row), bytes(random.nextBoolean() ? "" : "f:x"), bytes("é" + random.nextInt(5)),
              LABELS[random.nextInt(LABELS.length)], bytes(value));
        }
      }
    }
    return store;
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
