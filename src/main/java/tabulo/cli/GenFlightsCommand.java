package tabulo.cli;

import java.nio.file.Path;
import java.util.List;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.gen.Flights;
import tabulo.storage.TabuloException;

@Command(name = "flights", description = {"CSV files of flight records shaped like nycflights13.",
    "19 columns, 3 origins, 105 destinations, 224 routes, for 'ingest' and D4M correlation queries such as " +
    "mult PTedge PTedge OD --transpose-a --rows 'origin|*,' --cols 'dest|*,'.",
    "Writes DIR/flights0.csv ... (no table is touched)."})
final class GenFlightsCommand implements Runnable {
  @ParentCommand
  GenCommand gen;

  @Parameters(index = "0", paramLabel = "DIR")
  Path dir;

  @Option(names = "--records", paramLabel = "N", description = "Flights (default ${DEFAULT-VALUE}, as nycflights13).")
  long records = Flights.NYC_FLIGHTS;

  @Option(names = "--files", paramLabel = "K", description = "CSV files (default ${DEFAULT-VALUE}).")
  int files = 4;

  @Option(names = "--seed", paramLabel = "N", description = "Random seed (default ${DEFAULT-VALUE}).")
  long seed = 13;

  @Override
  public void run() {
    if (records < 1) {
      throw new TabuloException("--records must be positive, got " + records);
    }
    if (files < 1) {
      throw new TabuloException("--files must be positive, got " + files);
    }
    List<Path> written = Flights.write(dir, records, files, seed);
    gen.main.out().printf("flights: %,d records in %d files under %s%n", records, written.size(), dir);
  }
}
