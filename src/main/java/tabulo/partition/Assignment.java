package tabulo.partition;

/**
 * A partition of the SpGEMM model: the part (0 .. parts-1) of each row of A ({@code ofA}, which also owns row
 * i of C) and of each row of B ({@code ofB}), indexed as in the {@link BipartiteModel}.
 */
public record Assignment(int parts, int[] ofA, int[] ofB) {}
