package tabulo.kernel;

import java.util.Arrays;

/**
 * A key's bytes as a hash-map key, its hash computed once. {@code ByteBuffer.wrap} as a key recomputes its
 * hash through bounds-checked reads at every lookup and compares through a buffer mismatch: the row-by-row
 * kernel's per-entry lookups spent most of their time there.
 */
public final class ByteKey {
  private final byte[] bytes;
  private final int hash;

  private ByteKey(byte[] bytes) {
    this.bytes = bytes;
    this.hash = Arrays.hashCode(bytes);
  }

  /** The key of {@code bytes} (not copied: they must not change while the key is in use). */
  public static ByteKey of(byte[] bytes) {
    return new ByteKey(bytes);
  }

  public byte[] bytes() {
    return bytes;
  }

  @Override
  public int hashCode() {
    return hash;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ByteKey k && k.hash == hash && Arrays.equals(k.bytes, bytes);
  }
}
