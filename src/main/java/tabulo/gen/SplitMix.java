package tabulo.gen;

/**
 * SplitMix64 (the generator inside {@link java.util.SplittableRandom}) used counter-style: word number c
 * of stream {@code key} is {@code mix(key + c * GOLDEN)}. Being addressable, any range of edges can be
 * generated on its own and gives the same edges as a full run.
 */
final class SplitMix {
  private static final long GOLDEN = 0x9E3779B97F4A7C15L;

  private SplitMix() {}

  static long word(long key, long counter) {
    return mix(key + counter * GOLDEN);
  }

  /** The SplitMix64 finaliser (Stafford's variant 13): a bijection that scrambles every bit. */
  static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
