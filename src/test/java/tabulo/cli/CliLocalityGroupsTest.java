package tabulo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.embedded.EmbeddedStore;
import tabulo.storage.TableSettings;

/** {@code info} prints a table's locality groups, and {@code export}/{@code import} carry them (embedded). */
class CliLocalityGroupsTest {
  @TempDir
  Path tmp;

  private static List<String> groupLines(String info) {
    return info.lines().filter(l -> l.startsWith("group\t")).collect(Collectors.toList());
  }

  @Test
  void infoShowsTheGroupsAndImportKeepsThem() {
    CliRunner cli = new CliRunner(tmp);
    try (EmbeddedStore e = EmbeddedStore.open(cli.db(), EmbeddedStore.ROOT)) {
      e.create("m", TableSettings.defaults().localityGroup("gb", Set.of("B", "b,2"))
          .localityGroup("ga", Set.of("A")));
      e.create("flat", TableSettings.defaults());
    }
    cli.put("m", "r1\tA:x\t1\nr1\tB:y\t2\nr2\tb,2:z\t3\nr2\tC:w\t4\n");
    // groups in name order, then their families sorted, tab-separated
    List<String> expected = List.of("group\tga\tA", "group\tgb\tB\tb,2");
    assertEquals(expected, groupLines(cli.okRun("info", "m").out()));
    assertEquals(List.of(), groupLines(cli.okRun("info", "flat").out()));
    Path out = tmp.resolve("exported");
    cli.okRun("export", "m", out.toString());
    cli.okRun("import", "m2", out.toString());
    assertEquals(expected, groupLines(cli.okRun("info", "m2").out()));
    assertEquals(cli.okRun("scan", "m").out(), cli.okRun("scan", "m2").out());
  }
}
