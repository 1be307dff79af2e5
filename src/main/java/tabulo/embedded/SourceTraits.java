package tabulo.embedded;

/**
 * What a source of a scan (a file or memtable run) may contain: delete markers, visibility labels, several
 * versions of one column. A scan over sources without any of one kind skips the iterator that handles it
 * (the delete, visibility or versioning filter would pass everything through unchanged).
 */
record SourceTraits(boolean deletes, boolean labels, boolean versions) {
  static final SourceTraits NONE = new SourceTraits(false, false, false);

  SourceTraits or(SourceTraits o) {
    return new SourceTraits(deletes || o.deletes, labels || o.labels, versions || o.versions);
  }

  /** What several sources hold together: besides their own, two sources may hold versions of one column. */
  static SourceTraits ofAll(java.util.List<SourceTraits> sources) {
    SourceTraits t = NONE;
    for (SourceTraits s : sources) {
      t = t.or(s);
    }
    return sources.size() > 1 ? new SourceTraits(t.deletes, t.labels, true) : t;
  }

  /** Compact form for the manifest: some of "d", "l", "v", or "-". */
  String code() {
    String c = (deletes ? "d" : "") + (labels ? "l" : "") + (versions ? "v" : "");
    return c.isEmpty() ? "-" : c;
  }

  static SourceTraits parse(String code) {
    return new SourceTraits(code.contains("d"), code.contains("l"), code.contains("v"));
  }
}
