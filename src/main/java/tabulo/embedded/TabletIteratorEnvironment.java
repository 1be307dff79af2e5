package tabulo.embedded;

import org.apache.accumulo.core.client.PluginEnvironment;
import org.apache.accumulo.core.client.sample.SamplerConfiguration;
import org.apache.accumulo.core.conf.AccumuloConfiguration;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.TableId;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.spi.common.ServiceEnvironment;

/** What an iterator learns about where it runs inside the embedded engine, as a tablet server would tell it. */
final class TabletIteratorEnvironment implements IteratorEnvironment {
  private final IteratorScope scope;
  private final boolean fullMajorCompaction;
  private final boolean userCompaction;
  private final Authorizations auths;
  private final TableId tableId;
  private final AccumuloConfiguration tableConf;

  private TabletIteratorEnvironment(IteratorScope scope, boolean full, boolean user, Authorizations auths,
      TableId tableId, AccumuloConfiguration tableConf) {
    this.scope = scope;
    this.fullMajorCompaction = full;
    this.userCompaction = user;
    this.auths = auths;
    this.tableId = tableId;
    this.tableConf = tableConf;
  }

  static TabletIteratorEnvironment scan(Authorizations auths, TableId id, AccumuloConfiguration conf) {
    return new TabletIteratorEnvironment(IteratorScope.scan, false, false, auths, id, conf);
  }

  static TabletIteratorEnvironment minorCompaction(TableId id, AccumuloConfiguration conf) {
    return new TabletIteratorEnvironment(IteratorScope.minc, false, false, Authorizations.EMPTY, id, conf);
  }

  static TabletIteratorEnvironment majorCompaction(boolean full, boolean user, TableId id,
      AccumuloConfiguration conf) {
    return new TabletIteratorEnvironment(IteratorScope.majc, full, user, Authorizations.EMPTY, id, conf);
  }

  @Override
  public IteratorScope getIteratorScope() {
    return scope;
  }

  @Override
  public boolean isFullMajorCompaction() {
    if (scope != IteratorScope.majc) {
      throw new IllegalStateException("isFullMajorCompaction asked outside a major compaction");
    }
    return fullMajorCompaction;
  }

  @Override
  public boolean isUserCompaction() {
    return userCompaction;
  }

  @Override
  public Authorizations getAuthorizations() {
    if (scope != IteratorScope.scan) {
      throw new UnsupportedOperationException("authorizations exist only at scan time");
    }
    return auths;
  }

  @Override
  @Deprecated
  public AccumuloConfiguration getConfig() {
    return tableConf;
  }

  @Override
  public TableId getTableId() {
    return tableId;
  }

  @Override
  public boolean isSamplingEnabled() {
    return false;
  }

  @Override
  public SamplerConfiguration getSamplerConfiguration() {
    return null;
  }

  @Override
  public IteratorEnvironment cloneWithSamplingEnabled() {
    throw new UnsupportedOperationException("sampling is not supported by the embedded engine");
  }

  @Override
  @Deprecated
  public SortedKeyValueIterator<Key, Value> reserveMapFileReader(String mapFileName) {
    throw new UnsupportedOperationException("reading map files is not supported by the embedded engine");
  }

  @Override
  public void registerSideChannel(SortedKeyValueIterator<Key, Value> iter) {
    throw new UnsupportedOperationException("side channels are not supported by the embedded engine");
  }

  @Override
  @Deprecated
  public ServiceEnvironment getServiceEnv() {
    throw new UnsupportedOperationException("the service environment is not available in the embedded engine");
  }

  @Override
  public PluginEnvironment getPluginEnv() {
    throw new UnsupportedOperationException("the plugin environment is not available in the embedded engine");
  }
}
