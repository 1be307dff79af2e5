package tabulo.accumulo;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Map.Entry;
import java.util.Set;

import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.BatchWriterConfig;
import org.apache.accumulo.core.client.ConditionalWriter;
import org.apache.accumulo.core.client.ConditionalWriterConfig;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableExistsException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Condition;
import org.apache.accumulo.core.data.ConditionalMutation;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;

/**
 * Which of a user's spares are taken. A spare claimed here is its taker's alone: it may be written under
 * its own name and renamed only to publish it, so a temporary costs no table operation at all and a named
 * result one rename. A claim is a row of the user's claims table (named for the spare; its value the
 * claiming run's marker table), written by a conditional mutation that succeeds only where the row is
 * absent: of two processes claiming one spare, one wins.
 *
 * <p>A run records its claimed spare in its marker right after the claim, so a run that dies has it
 * deleted by whoever clears dead runs. A run that dies between the claim and the record leaves a claimed
 * spare nobody deletes: {@link #sweep} deletes it once the run's marker is gone. The sweep also drops the
 * claims of spares gone (renamed to a result or deleted). It leaves claims younger than
 * {@link #SETTLE_MILLIS} alone, so a listing of tables that misses a table just made cannot mislead it.
 */
final class SpareClaims implements AutoCloseable {
  private static final String FAMILY = "claim";
  private static final String QUALIFIER = "run";
  static final long SETTLE_MILLIS = 10 * 60_000L;

  private final AccumuloClient client;
  private final TableOpsClient tableOps;
  private final String table;
  private volatile boolean ready; // the claims table exists
  private ConditionalWriter writer; // opened on the first claim

  SpareClaims(TableOpsClient tableOps, String table) {
    this.client = tableOps.main();
    this.tableOps = tableOps;
    this.table = table;
  }

  String table() {
    return table;
  }

  /** Makes the claims table if it is missing (until it exists, nothing is claimed: tables are created). */
  void ensure() throws AccumuloException, AccumuloSecurityException {
    if (!exists()) {
      try {
        tableOps.create(table, new org.apache.accumulo.core.client.admin.NewTableConfiguration());
      } catch (TableExistsException e) {
        // another process of the user made it first
      }
    }
    ready = true;
  }

  /**
   * Whether this call claimed {@code spare} for {@code run} (a marker table's name, or "" for a spare
   * renamed at once); false if another did first, or the outcome is unknown (a claim that was written
   * anyway is swept once its run is gone).
   */
  synchronized boolean claim(String spare, String run) {
    if (!exists()) {
      return false;
    }
    try {
      if (writer == null) {
        writer = client.createConditionalWriter(table, new ConditionalWriterConfig());
      }
      ConditionalMutation m = new ConditionalMutation(spare, new Condition(FAMILY, QUALIFIER)); // row absent
      m.put(FAMILY, QUALIFIER, new Value(run.getBytes(StandardCharsets.UTF_8)));
      return writer.write(m).getStatus() == ConditionalWriter.Status.ACCEPTED;
    } catch (AccumuloException | AccumuloSecurityException | TableNotFoundException e) {
      return false;
    }
  }

  /** The spares claimed now, with the run that claimed each and when (milliseconds). */
  Map<String, Entry<String, Long>> claimed() throws TableNotFoundException {
    Map<String, Entry<String, Long>> out = new HashMap<>();
    if (!exists()) {
      return out;
    }
    try (Scanner s = client.createScanner(table, Authorizations.EMPTY)) {
      for (Entry<Key, Value> e : s) {
        out.put(e.getKey().getRow().toString(), Map.entry(new String(e.getValue().get(), StandardCharsets.UTF_8),
            e.getKey().getTimestamp()));
      }
    }
    return out;
  }

  /**
   * Given every table that exists ({@code tables}, listed after the claims were read) at {@code nowMillis},
   * drops settled claims of spares gone and deletes settled claimed spares whose run is gone, then their
   * claims.
   */
  void sweep(Map<String, Entry<String, Long>> claims, Set<String> tables, long nowMillis)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    long settled = nowMillis - SETTLE_MILLIS;
    try (BatchWriter w = client.createBatchWriter(table, new BatchWriterConfig())) {
      for (Entry<String, Entry<String, Long>> c : claims.entrySet()) {
        String spare = c.getKey();
        if (c.getValue().getValue() > settled || tables.contains(spare) && tables.contains(c.getValue().getKey())) {
          continue; // young, or in use by a live run
        }
        if (tables.contains(spare)) {
          try {
            tableOps.delete(spare); // its run died before recording it
          } catch (TableNotFoundException e) {
            // gone meanwhile
          }
        }
        Mutation m = new Mutation(spare);
        m.putDelete(FAMILY, QUALIFIER);
        w.addMutation(m);
      }
    }
  }

  private boolean exists() {
    if (!ready) {
      ready = client.tableOperations().exists(table); // made once per user, by an earlier process as a rule
    }
    return ready;
  }

  @Override
  public synchronized void close() {
    if (writer != null) {
      writer.close();
      writer = null;
    }
  }
}
