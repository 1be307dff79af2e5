package tabulo.embedded;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.apache.accumulo.core.data.Mutation;

/** The payload of a write-ahead log record: a batch of mutations and the timestamp they were given. */
record LogRecords(long timestamp, List<Mutation> mutations) {

  /** Decodes a payload; a payload that does not decode completely is damage. */
  static LogRecords decode(byte[] payload) throws IOException {
    try {
      DataInputStream in = new DataInputStream(new ByteArrayInputStream(payload));
      long ts = in.readLong();
      int count = in.readInt();
      if (count < 0 || count > payload.length) {
        throw new IOException("impossible mutation count " + count);
      }
      List<Mutation> batch = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
        Mutation m = new Mutation();
        m.readFields(in);
        batch.add(m);
      }
      if (in.available() != 0) {
        throw new IOException(in.available() + " bytes after the last mutation");
      }
      return new LogRecords(ts, batch);
    } catch (RuntimeException e) {
      throw new IOException("undecodable mutations: " + e, e);
    }
  }
}
