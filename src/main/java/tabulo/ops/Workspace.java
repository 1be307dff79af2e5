package tabulo.ops;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Pattern;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;

import tabulo.storage.ScanSpec;
import tabulo.storage.Store;
import tabulo.storage.TableNames;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;

/**
 * The temporary tables of one run of an operation. Their names are in the reserved name space
 * ({@link TableNames#RESERVED_PREFIX}, which users cannot create) and unique per run, so two runs never
 * collide and no user table is ever touched. A run first writes a marker table naming its owner (host,
 * process, its start) and then, before creating each temporary, the temporary's name. Closing deletes the
 * temporaries and the marker. Opening a workspace first clears the runs whose marker says their process
 * is gone (killed): exactly the tables their markers list, never tables found by a name pattern.
 */
public final class Workspace implements AutoCloseable {
  private static final String MARKER_PREFIX = TableNames.RESERVED_PREFIX + "run_";
  // the second it was made and 4 random bytes; then (since owners are named in it) its owner's host, pid and start
  private static final Pattern MARKER = Pattern.compile(Pattern.quote(MARKER_PREFIX)
      + "[0-9a-f]{16}(_([0-9a-f]{8})_([0-9a-f]+)_([0-9a-f]+))?");
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final String OWNER_ROW = "owner";
  private static final String TABLE_ROW = "table";
  private static final String REPLACE_ROW = "replace";
  private static final String SWAP_ROW = "swap";

  /** Who runs a workspace: a run is dead when its host is this one and its process is gone. */
  record Owner(String host, long pid, long startedMillis) {
    static Owner current() {
      ProcessHandle self = ProcessHandle.current();
      return new Owner(localHost(), self.pid(), self.info().startInstant().map(Instant::toEpochMilli).orElse(0L));
    }

    /** Runs on other hosts are left alone: from here one cannot tell whether they still run. */
    boolean isDead() {
      if (!host.equals(localHost())) {
        return false;
      }
      Optional<ProcessHandle> p = ProcessHandle.of(pid);
      if (p.isEmpty() || !p.get().isAlive()) {
        return true;
      }
      Optional<Instant> started = p.get().info().startInstant();
      return started.isPresent() && started.get().toEpochMilli() != startedMillis; // the pid was reused
    }
  }

  private final Store store;
  private final String namespace;
  private final String marker;
  /** A released temporary, emptied: a writer's cells are newer than its deleted ones from readyAtMillis. */
  private record Emptied(String table, TableSettings settings, long readyAtMillis) {}

  // reuse: tables of at most this many cells are emptied (larger ones deleted), at most this many kept empty
  public static final int REUSE_AT_MOST = 10_000;
  static final int REUSE_KEPT = 32;
  static final long OWNERLESS_SETTLE_MILLIS = 10 * 60_000;

  private final List<String> tables = new ArrayList<>();
  private final Map<String, TableSettings> made = new HashMap<>(); // temporaries this run created: settings
  private final Deque<Emptied> emptied = new ArrayDeque<>(); // oldest first
  private final java.util.concurrent.atomic.AtomicInteger reserved = new java.util.concurrent.atomic.AtomicInteger();
  private TableWriter markerWriter;

  private Workspace(Store store, String namespace, String marker) {
    this.store = store;
    this.namespace = namespace;
    this.marker = marker;
  }

  /** A workspace whose temporaries live in the namespace of {@code nearTable} (renames stay in a namespace). */
  public static Workspace open(Store store, String nearTable) {
    return open(store, nearTable, Owner.current());
  }

  static Workspace open(Store store, String nearTable, Owner owner) {
    clearDeadRuns(store);
    String marker = markerName(owner, System.currentTimeMillis());
    store.create(marker, TableSettings.defaults());
    store.makeDurable(marker); // it must outlive a crash to clear or roll forward what it lists
    Workspace w = new Workspace(store, TableNames.namespacePrefix(nearTable), marker);
    Mutation m = new Mutation(OWNER_ROW);
    m.put("", "host", owner.host());
    m.put("", "pid", Long.toString(owner.pid()));
    m.put("", "started", Long.toString(owner.startedMillis()));
    w.write(m);
    return w;
  }

  /**
   * A new marker's name: the second it was made, 4 random bytes, and its owner (a hash of the host, the pid
   * and the process's start), so that a marker whose owner row is not written yet (a run opening right now,
   * or one killed in that instant) is judged by the owner its name gives.
   */
  static String markerName(Owner owner, long nowMillis) {
    byte[] random = new byte[4];
    RANDOM.nextBytes(random);
    return MARKER_PREFIX + String.format("%08x", (nowMillis / 1000) & 0xffffffffL) + HexFormat.of().formatHex(random)
        + "_" + hostTag(owner.host()) + "_" + Long.toHexString(owner.pid()) + "_" + Long.toHexString(owner.startedMillis());
  }

  private static String hostTag(String host) {
    return String.format("%08x", host.hashCode());
  }

  /**
   * Whether the run of marker {@code m} (matched by {@link #MARKER}), which has no owner row, may still be
   * alive: its name's owner is alive or on another host; a name of older versions, which names no owner,
   * made within {@link #OWNERLESS_SETTLE_MILLIS} of now either way (clocks of other hosts may run ahead).
   */
  static boolean ownerlessMayLive(java.util.regex.Matcher m, long nowMillis) {
    if (m.group(1) != null) {
      String host = m.group(2).equals(hostTag(localHost())) ? localHost() : "(another host)";
      return !new Owner(host, Long.parseUnsignedLong(m.group(3), 16), Long.parseUnsignedLong(m.group(4), 16)).isDead();
    }
    long seconds = Long.parseLong(m.group().substring(MARKER_PREFIX.length(), MARKER_PREFIX.length() + 8), 16);
    return Math.abs(nowMillis / 1000 - seconds) * 1000 < OWNERLESS_SETTLE_MILLIS;
  }

  /**
   * A name for a temporary of this run, recorded in the marker: the caller may create it or not. Numbered,
   * so a run may have many temporaries of one role (an algorithm's dozens of intermediate results).
   */
  public String reserve(String role) {
    return adopt(namespace + marker + "_" + role + "_" + reserved.incrementAndGet());
  }

  /** Records a temporary whose name a lower layer derives (in the reserved name space), so it is cleared too. */
  public String adopt(String table) {
    if (!TableNames.isReserved(table)) {
      throw new IllegalArgumentException("not a reserved name: " + table);
    }
    Mutation m = new Mutation(TABLE_ROW);
    m.put("", table, "");
    write(m);
    synchronized (this) {
      tables.add(table);
    }
    return table;
  }

  /**
   * Done with {@code table} if it is a temporary of this run (false if not): a small one the host can empty
   * is kept, empty, for a later {@link #create} with the same settings (an iterative algorithm's rounds
   * then make and delete no table); any other is deleted now.
   */
  public boolean release(String table) {
    TableSettings settings;
    synchronized (this) {
      if (!tables.contains(table) || emptied.stream().anyMatch(e -> e.table().equals(table))) {
        return false; // not ours, or released already (two handles on one table must not make two reuses)
      }
      settings = emptied.size() < REUSE_KEPT ? made.get(table) : null;
    }
    OptionalLong newest = settings == null ? OptionalLong.empty()
        : store.emptyForReuse(table, settings, REUSE_AT_MOST);
    synchronized (this) {
      if (newest.isPresent()) {
        emptied.add(new Emptied(table, settings, newest.getAsLong() + 1 + store.writerClockLagMillis()));
        return true;
      }
      tables.remove(table);
      made.remove(table);
    }
    store.discard(table);
    return true;
  }

  /** A temporary table of this run, new or one released and emptied. */
  public String create(String role, TableSettings settings) {
    String reused = takeEmptied(settings);
    if (reused != null) {
      return reused;
    }
    // a table made ahead lives in the default namespace, and a result is renamed within its namespace
    String claimed = namespace.isEmpty() ? store.claimTemporary(marker, settings) : null;
    String name = claimed != null ? adopt(claimed) : reserve(role);
    if (claimed == null) {
      store.create(name, settings);
    }
    synchronized (this) {
      made.put(name, settings);
    }
    return name;
  }

  /**
   * An emptied temporary made with {@code settings} whose old cells are older than any a writer stamps now
   * (by the host's {@link Store#writerClockLagMillis}, for writers' clocks that lag this process's: a newer
   * cell is never hidden by the deletes).
   */
  private synchronized String takeEmptied(TableSettings settings) {
    long now = System.currentTimeMillis();
    for (Iterator<Emptied> it = emptied.iterator(); it.hasNext();) {
      Emptied e = it.next();
      if (e.readyAtMillis() <= now && e.settings().equals(settings)) {
        it.remove();
        return e.table();
      }
    }
    return null;
  }

  /** A temporary of this run that is to take the place (the name) of {@code target}. */
  public record Replace(String replacement, String target) {}

  /** A recorded replace: the replacement, its target, and the name the target's old table is moved to. */
  private record Swap(String replacement, String target, String aside) {}

  private boolean unfinished; // a replace that failed and could not be completed or undone: close keeps all
  private int replacesRecorded; // each recorded replace is finished on its own

  /**
   * Puts every replacement in place of its target, all of them or none, even across a kill (a user's tables
   * that hold one thing together, such as a loaded graph and its stamp). The replacements are made
   * durable, then the intent is recorded in the marker in one write; the old tables (where they exist) are
   * renamed aside to temporaries of this run, last target first, and the replacements renamed into place,
   * first to last; the old tables are deleted when the run ends. Cut short, by a failure here or by a kill
   * (then by the next run that opens a workspace, {@link #clearDeadRuns}), it is undone while no
   * replacement has reached its target (every old table back under its name), else completed (every
   * replacement under its name): at no time are old and new tables mixed once it is finished. A table a
   * user made at a target's name after a kill is never deleted (its replacement is then dropped).
   */
  public void replace(List<Replace> replaces) {
    List<Swap> swaps = new ArrayList<>();
    Mutation intent = new Mutation(SWAP_ROW);
    int call;
    synchronized (this) {
      call = replacesRecorded++;
    }
    for (Replace r : replaces) {
      if (!TableNames.namespacePrefix(r.target()).equals(namespace)) {
        throw new IllegalArgumentException(r.target() + " is not in this workspace's namespace");
      }
      store.makeDurable(r.replacement()); // durable before the intent names it
      Swap w = new Swap(r.replacement(), r.target(), reserve("replaced"));
      String n = String.format("%04d.%04d", call, swaps.size()); // family: the replace, then its place in it
      intent.put(n, "replacement", w.replacement());
      intent.put(n, "target", w.target());
      intent.put(n, "aside", w.aside());
      swaps.add(w);
    }
    write(intent);
    try {
      for (int i = swaps.size() - 1; i >= 0; i--) {
        Swap w = swaps.get(i);
        if (store.exists(w.target())) {
          store.rename(w.target(), w.aside());
        }
      }
      for (Swap w : swaps) {
        store.rename(w.replacement(), w.target());
      }
    } catch (RuntimeException e) {
      try {
        finishSwaps(store, swaps);
      } catch (RuntimeException again) {
        unfinished = true; // the marker and every table stay, for the next run to finish from the marker
        e.addSuppressed(again);
      }
      throw e;
    }
    for (Swap w : swaps) {
      store.discard(w.aside());
    }
  }

  /**
   * Finishes a replace cut short: undone while every replacement still exists (none reached its target),
   * else completed. A name taken meanwhile is left as it is.
   */
  private static void finishSwaps(Store store, List<Swap> swaps) {
    if (swaps.stream().allMatch(w -> store.exists(w.replacement()))) {
      for (Swap w : swaps) {
        if (store.exists(w.aside()) && !store.exists(w.target())) {
          store.rename(w.aside(), w.target());
        }
      }
    } else {
      for (Swap w : swaps) {
        if (store.exists(w.replacement()) && !store.exists(w.target())) {
          store.rename(w.replacement(), w.target());
        }
      }
    }
  }

  /**
   * Records that {@code replacement} was to replace {@code target}: markers left by earlier releases, which
   * replaced a table by deleting it and renaming, may hold such an intent (kept for their roll-forward).
   */
  void recordReplace(String replacement, String target) {
    Mutation m = new Mutation(REPLACE_ROW);
    m.put("", replacement, target);
    write(m);
  }

  /**
   * A dead run's recorded replace, completed only where it left the target missing: a table that holds the
   * target's name now (the old one, or one a user made since) is never deleted, and the replacement is then
   * dropped as any temporary.
   */
  private static void finishReplace(Store store, String replacement, String target) {
    if (store.exists(replacement) && !store.exists(target)) {
      store.rename(replacement, target);
    }
  }

  /** Deletes this run's temporaries that still exist (a published one was renamed away), then the marker. */
  @Override
  public void close() {
    synchronized (this) {
      if (markerWriter != null) {
        markerWriter.close();
        markerWriter = null;
      }
    }
    if (unfinished) {
      return;
    }
    for (String t : tables) {
      store.discard(t);
    }
    store.discard(marker); // after the temporaries it lists
  }

  private synchronized void write(Mutation m) {
    if (markerWriter == null) {
      markerWriter = store.writer(marker); // kept open: opening one looks the table up by name each time
    }
    markerWriter.addMutation(m);
    markerWriter.flush(); // durable before the temporary exists
  }

  /**
   * Clears every run whose marker says its process is gone, first finishing the replaces they recorded;
   * markers that cannot be read are left. Opening a workspace does it; so may a command before it reads
   * tables that a killed run may have been replacing.
   */
  public static void clearDeadRuns(Store store) {
    for (String t : store.tables()) {
      java.util.regex.Matcher named = MARKER.matcher(t);
      if (!named.matches()) {
        continue;
      }
      try {
        String host = null;
        long pid = -1;
        long started = 0;
        List<String> listed = new ArrayList<>();
        List<String[]> replacing = new ArrayList<>();
        // each recorded replace (in order), its swaps in order, their fields
        Map<String, java.util.SortedMap<String, Map<String, String>>> swapping = new java.util.TreeMap<>();
        for (Entry<Key, Value> e : store.scanAll(t, ScanSpec.all())) {
          String row = e.getKey().getRow().toString();
          String q = e.getKey().getColumnQualifier().toString();
          String v = new String(e.getValue().get(), StandardCharsets.UTF_8);
          if (row.equals(TABLE_ROW)) {
            listed.add(q);
          } else if (row.equals(REPLACE_ROW)) {
            replacing.add(new String[] {q, v});
          } else if (row.equals(SWAP_ROW)) {
            String[] place = e.getKey().getColumnFamily().toString().split("\\.");
            swapping.computeIfAbsent(place[0], c -> new java.util.TreeMap<>())
                .computeIfAbsent(place[1], i -> new HashMap<>()).put(q, v);
          } else if (row.equals(OWNER_ROW)) {
            switch (q) {
              case "host" -> host = v;
              case "pid" -> pid = Long.parseLong(v);
              case "started" -> started = Long.parseLong(v);
              default -> { }
            }
          }
        }
        if (host != null && !new Owner(host, pid, started).isDead()) {
          continue;
        }
        // No owner row: a run opening right now (leave it), or one that died between creating its marker and
        // writing its owner, which created nothing else
        if (host == null && ownerlessMayLive(named, System.currentTimeMillis())) {
          continue;
        }
        for (String[] r : replacing) {
          finishReplace(store, r[0], r[1]); // complete when recorded: roll forward
        }
        for (java.util.SortedMap<String, Map<String, String>> replace : swapping.values()) {
          finishSwaps(store, replace.values().stream()
              .map(f -> new Swap(f.get("replacement"), f.get("target"), f.get("aside"))).toList());
        }
        for (String temporary : listed) {
          if (TableNames.isReserved(temporary) && store.exists(temporary)) {
            store.delete(temporary);
          }
        }
        store.delete(t);
      } catch (RuntimeException e) {
        // another user's run (not ours to read or clear), or a marker being written right now
      }
    }
  }

  private static String localHost() {
    try {
      return Files.readString(Path.of("/proc/sys/kernel/hostname"), StandardCharsets.UTF_8).trim();
    } catch (IOException | RuntimeException e) {
      try {
        return InetAddress.getLocalHost().getHostName();
      } catch (IOException e2) {
        return "localhost";
      }
    }
  }
}
