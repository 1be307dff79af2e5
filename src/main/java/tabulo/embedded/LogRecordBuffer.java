package tabulo.embedded;

import java.io.DataOutput;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * A growable byte buffer that keeps its capacity between write-ahead log records and is itself the
 * {@link DataOutput} mutations serialize into. Unlike DataOutputStream and ByteArrayOutputStream it takes
 * no lock: a mutation makes several small writes, and a lock each costs more than the copy.
 * One per thread, not per tablet: a table may have thousands of tablets, but few threads write.
 */
final class LogRecordBuffer extends OutputStream implements DataOutput {
  private static final ThreadLocal<LogRecordBuffer> PER_THREAD = ThreadLocal.withInitial(LogRecordBuffer::new);

  private byte[] buf = new byte[1 << 12];
  private int size;

  /** This thread's buffer, emptied; valid until the thread's next call. */
  static LogRecordBuffer forThisThread() {
    LogRecordBuffer b = PER_THREAD.get();
    b.reset();
    return b;
  }

  private void ensure(int more) {
    if (size + more > buf.length) {
      buf = Arrays.copyOf(buf, Math.max(buf.length * 2, Math.addExact(size, more)));
    }
  }

  @Override
  public void write(int b) {
    ensure(1);
    buf[size++] = (byte) b;
  }

  @Override
  public void write(byte[] b, int off, int len) {
    ensure(len);
    System.arraycopy(b, off, buf, size, len);
    size += len;
  }

  @Override
  public void write(byte[] b) {
    write(b, 0, b.length);
  }

  @Override
  public void writeBoolean(boolean v) {
    write(v ? 1 : 0);
  }

  @Override
  public void writeByte(int v) {
    write(v);
  }

  @Override
  public void writeShort(int v) {
    write(v >>> 8);
    write(v);
  }

  @Override
  public void writeChar(int v) {
    writeShort(v);
  }

  @Override
  public void writeInt(int v) {
    writeShort(v >>> 16);
    writeShort(v);
  }

  @Override
  public void writeLong(long v) {
    writeInt((int) (v >>> 32));
    writeInt((int) v);
  }

  @Override
  public void writeFloat(float v) {
    writeInt(Float.floatToIntBits(v));
  }

  @Override
  public void writeDouble(double v) {
    writeLong(Double.doubleToLongBits(v));
  }

  @Override
  public void writeBytes(String s) {
    for (int i = 0; i < s.length(); i++) {
      write(s.charAt(i));
    }
  }

  @Override
  public void writeChars(String s) {
    for (int i = 0; i < s.length(); i++) {
      writeChar(s.charAt(i));
    }
  }

  @Override
  public void writeUTF(String s) throws IOException {
    new DataOutputStream(this).writeUTF(s); // rare: the modified UTF-8 encoding is DataOutputStream's
  }

  void reset() {
    size = 0;
  }

  int size() {
    return size;
  }

  byte[] buffer() {
    return buf;
  }
}
