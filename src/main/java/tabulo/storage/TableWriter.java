package tabulo.storage;

import org.apache.accumulo.core.data.Mutation;

/** Buffers mutations for one table. {@link #flush()} and {@link #close()} return only when the data is durable. */
public interface TableWriter extends AutoCloseable {

  void addMutation(Mutation m);

  default void addMutations(Iterable<Mutation> ms) {
    for (Mutation m : ms) {
      addMutation(m);
    }
  }

  void flush();

  @Override
  void close();
}
