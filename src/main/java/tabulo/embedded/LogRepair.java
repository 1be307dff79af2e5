package tabulo.embedded;

import tabulo.util.PrivateFiles;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.regex.Matcher;

/**
 * Salvages the write-ahead logs of one table that a strict open refuses: keeps every record whose
 * checksums match and whose mutations decode, rewrites the log with them (the damaged original stays
 * beside it as {@code NAME.damaged}), and counts what was lost. The table is not open meanwhile.
 */
final class LogRepair {
  /** Timestamps of real records lie in this range (2000 to 2200): a cheap filter while resynchronizing. */
  private static final long MIN_TS = 946_684_800_000L;
  private static final long MAX_TS = 7_258_118_400_000L;

  private LogRepair() {}

  /** Repairs the logs of the table in {@code dir} that its next open replays. */
  static List<RepairReport.Log> repairTable(Path dir) throws IOException {
    TableManifest manifest = TableManifest.load(dir);
    TreeMap<String, Path> logs = new TreeMap<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, "t*_*.log")) {
      for (Path p : entries) {
        Matcher m = Table.LOG_NAME.matcher(p.getFileName().toString());
        if (m.matches()) {
          int tablet = Integer.parseInt(m.group(1));
          long number = Long.parseLong(m.group(2));
          if (tablet < manifest.tablets.size() && number >= manifest.tablets.get(tablet).logNumber) {
            logs.put(String.format("%010d_%020d", tablet, number), p);
          }
        }
      }
    }
    List<RepairReport.Log> out = new ArrayList<>();
    for (Path p : logs.values()) {
      out.add(repair(p));
    }
    return out;
  }

  /** Repairs one log; one that reads cleanly (perhaps with a torn tail) is left as it is. */
  static RepairReport.Log repair(Path log) throws IOException {
    LogParser parser = new LogParser(LogParser.readAll(log));
    List<byte[]> kept = new ArrayList<>();
    long lost = 0;
    long lostBytes = 0;
    long firstDamage = -1;
    long torn = 0;
    boolean atLeast = false;
    long pos = parser.start();
    LogParser.Item magic = parser.magic();
    if (magic != null && magic.kind() == LogParser.Kind.DAMAGED) {
      firstDamage = 0; // the header holds no record: nothing lost, but the log is rewritten
    } else if (magic != null) {
      pos = parser.size(); // an incomplete header: an empty log cut short
    }
    while (true) {
      LogParser.Item it = parser.at(pos);
      if (it.kind() == LogParser.Kind.END) {
        break;
      }
      if (it.kind() == LogParser.Kind.TORN) {
        torn = parser.size() - pos;
        break;
      }
      if (it.kind() == LogParser.Kind.RECORD && decodes(parser, it)) {
        kept.add(parser.payload(it));
        pos = it.next();
        continue;
      }
      firstDamage = firstDamage < 0 ? pos : firstDamage;
      lost++;
      if (it.kind() != LogParser.Kind.DAMAGED) { // the header is intact: exactly this record is lost
        lostBytes += it.next() - pos;
        pos = it.next();
        continue;
      }
      long resume = resync(parser, pos + 1);
      atLeast = true;
      lostBytes += resume - pos;
      pos = resume;
    }
    if (firstDamage < 0) {
      return new RepairReport.Log(log.getFileName().toString(), kept.size(), 0, false, 0, -1, torn, null);
    }
    Path damaged = keepOriginal(log);
    Path tmp = log.resolveSibling(log.getFileName() + ".repair.tmp");
    Files.deleteIfExists(tmp);
    try (LogWriter w = new LogWriter(tmp)) {
      for (byte[] r : kept) {
        w.append(r, r.length);
      }
    }
    Files.move(tmp, log, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    AtomicFile.syncDirectory(log.getParent());
    return new RepairReport.Log(log.getFileName().toString(), kept.size(), lost, atLeast, lostBytes, firstDamage, torn,
        damaged.getFileName().toString());
  }

  /** The next position at or after {@code from} where a whole, decodable record starts; the end if none. */
  private static long resync(LogParser parser, long from) {
    byte[] data = parser.data();
    int header = parser.v2() ? LogFormat.HEADER_V2 : LogFormat.HEADER_V1;
    for (long q = from; q + header + LogFormat.MIN_PAYLOAD <= data.length; q++) {
      int p = (int) q;
      long ts = (long) LogFormat.getInt(data, p + header) << 32 | (LogFormat.getInt(data, p + header + 4) & 0xffffffffL);
      if (ts < MIN_TS || ts > MAX_TS) {
        continue;
      }
      LogParser.Item it = parser.at(q);
      if (it.kind() == LogParser.Kind.RECORD && decodes(parser, it)) {
        return q;
      }
    }
    return data.length;
  }

  private static boolean decodes(LogParser parser, LogParser.Item it) {
    try {
      LogRecords.decode(parser.payload(it));
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** A hard link to the damaged log (a copy where links are not supported), under a name no open touches. */
  private static Path keepOriginal(Path log) throws IOException {
    for (int i = 0;; i++) {
      Path target = log.resolveSibling(log.getFileName() + ".damaged" + (i == 0 ? "" : "." + i));
      try {
        try {
          Files.createLink(target, log);
        } catch (UnsupportedOperationException | IOException e) {
          if (e instanceof FileAlreadyExistsException) {
            throw (FileAlreadyExistsException) e;
          }
          Files.copy(log, target);
          PrivateFiles.restrictFile(target);
        }
        PrivateFiles.restrictFile(target); // a log from before private files may be 644
        AtomicFile.syncDirectory(log.getParent());
        return target;
      } catch (FileAlreadyExistsException e) {
        // an earlier repair kept one: keep this one too, under the next number
      }
    }
  }
}
