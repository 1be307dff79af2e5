package tabulo.embedded;

import java.nio.file.Path;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

import tabulo.storage.Store;
import tabulo.storage.StoreContractTest;

/** The store contract on the embedded engine, with small memtables so files and merges come into play. */
class EmbeddedStoreContractTest extends StoreContractTest {
  @TempDir
  static Path dir;

  private static EmbeddedStore store;

  @BeforeAll
  static void open() {
    store = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT,
        EngineOptions.defaults().memtableBytes(128 << 10).writerBufferBytes(8 << 10).maxFilesPerTablet(4));
  }

  @AfterAll
  static void close() {
    store.close();
  }

  @Override
  protected Store store() {
    return store;
  }
}
