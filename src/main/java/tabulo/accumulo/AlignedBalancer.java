package tabulo.accumulo;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.accumulo.core.data.TableId;
import org.apache.accumulo.core.data.TabletId;
import org.apache.accumulo.core.spi.balancer.BalancerEnvironment;
import org.apache.accumulo.core.spi.balancer.TabletBalancer;
import org.apache.accumulo.core.spi.balancer.data.TServerStatus;
import org.apache.accumulo.core.spi.balancer.data.TabletMigration;
import org.apache.accumulo.core.spi.balancer.data.TabletServerId;

/**
 * A per-table balancer ({@code table.balancer=tabulo.accumulo.AlignedBalancer}) that puts the t-th tablet of
 * a table (in row order) on the (t mod N)-th of the N tablet servers (in host:port order), and moves it back
 * there when it is elsewhere. Tables split at the same points then hold their same row ranges on the same
 * server: part p of {@code mult --plan}'s placed copies of A and B (split at the part boundaries) on server
 * p mod N, and the contiguous split of A and B alike, which is what RRp and gRRp assume. Accumulo's default
 * balancer places each table's tablets independently, so a row of B needed by a row of A in the same range
 * is on A's server only by chance. Runs in the manager, which needs tabulo-server.jar on its classpath.
 */
public class AlignedBalancer implements TabletBalancer {
  private static final long RECHECK_MILLIS = 5_000;

  private final TableId table;
  private BalancerEnvironment env;

  /** Accumulo's {@code TableLoadBalancer} makes one per table with this constructor. */
  public AlignedBalancer(TableId table) {
    this.table = table;
  }

  @Override
  public void init(BalancerEnvironment env) {
    this.env = env;
  }

  @Override
  public void getAssignments(AssignmentParameters params) {
    List<TabletServerId> servers = servers(params.currentStatus());
    if (servers.isEmpty()) {
      return;
    }
    Map<TabletId, Integer> index = indexes(params.unassignedTablets().keySet());
    for (TabletId t : params.unassignedTablets().keySet()) {
      params.addAssignment(t, servers.get(index.get(t) % servers.size()));
    }
  }

  @Override
  public long balance(BalanceParameters params) {
    List<TabletServerId> servers = servers(params.currentStatus());
    if (servers.isEmpty() || !params.currentMigrations().isEmpty()) {
      return RECHECK_MILLIS;
    }
    Map<TabletId, TabletServerId> where = env.listTabletLocations(table);
    Map<TabletId, Integer> index = indexes(List.of());
    for (Map.Entry<TabletId, TabletServerId> e : where.entrySet()) {
      TabletServerId target = servers.get(index.get(e.getKey()) % servers.size());
      if (e.getValue() != null && !e.getValue().equals(target)) {
        params.migrationsOut().add(new TabletMigration(e.getKey(), e.getValue(), target));
      }
    }
    return RECHECK_MILLIS;
  }

  private static List<TabletServerId> servers(Map<TabletServerId, TServerStatus> status) {
    List<TabletServerId> out = new ArrayList<>(status.keySet());
    out.sort(Comparator.comparing(TabletServerId::getHost).thenComparingInt(TabletServerId::getPort));
    return out;
  }

  /** Each tablet's position in row order, among the table's tablets known to the metadata and {@code more}. */
  private Map<TabletId, Integer> indexes(Collection<TabletId> more) {
    Set<TabletId> all = new HashSet<>(env.listTabletLocations(table).keySet());
    all.addAll(more);
    List<TabletId> sorted = new ArrayList<>(all);
    sorted.sort(Comparator.comparing(TabletId::getEndRow, Comparator.nullsLast(Comparator.naturalOrder())));
    Map<TabletId, Integer> out = new HashMap<>();
    for (int i = 0; i < sorted.size(); i++) {
      out.put(sorted.get(i), i);
    }
    return out;
  }
}
