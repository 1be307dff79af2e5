package tabulo.rfile;

/**
 * Another cell seen with a different timestamp: lets a loader stamp cells it is given as slices without
 * building a Key and a Value for each. Reused: {@link #of} points it at the next cell.
 */
public final class RestampedCell implements CellSlices {
  private CellSlices cell;
  private long timestamp;

  /** This view, now of {@code c} with {@code stamp} as its timestamp. */
  public RestampedCell of(CellSlices c, long stamp) {
    this.cell = c;
    this.timestamp = stamp;
    return this;
  }

  @Override
  public byte[] bytes() {
    return cell.bytes();
  }

  @Override
  public int rowOffset() {
    return cell.rowOffset();
  }

  @Override
  public int rowLength() {
    return cell.rowLength();
  }

  @Override
  public int familyOffset() {
    return cell.familyOffset();
  }

  @Override
  public int familyLength() {
    return cell.familyLength();
  }

  @Override
  public int qualifierOffset() {
    return cell.qualifierOffset();
  }

  @Override
  public int qualifierLength() {
    return cell.qualifierLength();
  }

  @Override
  public int visibilityOffset() {
    return cell.visibilityOffset();
  }

  @Override
  public int visibilityLength() {
    return cell.visibilityLength();
  }

  @Override
  public int valueOffset() {
    return cell.valueOffset();
  }

  @Override
  public int valueLength() {
    return cell.valueLength();
  }

  @Override
  public long timestamp() {
    return timestamp;
  }

  @Override
  public boolean deleted() {
    return cell.deleted();
  }
}
