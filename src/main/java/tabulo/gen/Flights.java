package tabulo.gen;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Flight records shaped like nycflights13 (336,776 flights from New York in 2013, the data of D4M's
 * flights examples): the same 19 columns, every field filled, 3 origins (EWR, JFK, LGA), 105 destinations
 * and exactly 224 origin-destination routes, so that the correlation "flights per origin and destination"
 * ({@code mult Tedge Tedge C --transpose-a --rows 'origin|*,' --cols 'dest|*,'}) has as many partial
 * products as records and 224 entries, as on the real data. Deterministic for a seed.
 */
public final class Flights {
  /** nycflights13's size. */
  public static final int NYC_FLIGHTS = 336_776;
  public static final String HEADER = "year,month,day,dep_time,sched_dep_time,dep_delay,arr_time,sched_arr_time,"
      + "arr_delay,carrier,flight,tailnum,origin,dest,air_time,distance,hour,minute,time_hour";
  public static final int FIELDS = 19;
  static final String[] ORIGINS = {"EWR", "JFK", "LGA"};
  static final int DESTINATIONS = 105;
  /** Routes: each destination from one origin, from a second (210), and 14 from all three (224). */
  public static final int ROUTES = 224;
  private static final String[] CARRIERS = {"9E", "AA", "AS", "B6", "DL", "EV", "F9", "FL", "HA", "MQ", "OO", "UA",
      "US", "VX", "WN", "YV"};

  private Flights() {}

  /** The routes, as {origin, destination} pairs. */
  static List<String[]> routes() {
    List<String[]> routes = new ArrayList<>();
    for (int d = 0; d < DESTINATIONS; d++) {
      int copies = d < ROUTES - 2 * DESTINATIONS ? 3 : 2;
      for (int k = 0; k < copies; k++) {
        routes.add(new String[] {ORIGINS[(d + k) % 3], destination(d)});
      }
    }
    return routes;
  }

  /** Destination {@code d} as a three-letter code (AAA, AAB, ...). */
  static String destination(int d) {
    return "" + (char) ('A' + d / 676) + (char) ('A' + d / 26 % 26) + (char) ('A' + d % 26);
  }

  /**
   * Writes {@code records} flights into {@code files} CSV files (with a header row) in {@code dir}, named
   * flights0.csv ...; returns their paths.
   */
  public static List<Path> write(Path dir, long records, int files, long seed) {
    if (records < 1 || files < 1) {
      throw new IllegalArgumentException("need at least 1 record and 1 file, got " + records + " and " + files);
    }
    List<String[]> routes = routes();
    java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
    List<Path> out = new ArrayList<>();
    long perFile = (records + files - 1) / files;
    long next = 0;
    try {
      Files.createDirectories(dir);
      for (int f = 0; f < files; f++) {
        Path p = dir.resolve("flights" + f + ".csv");
        try (BufferedWriter w = Files.newBufferedWriter(p, StandardCharsets.UTF_8)) {
          w.write(HEADER);
          w.write('\n');
          StringBuilder line = new StringBuilder(160);
          for (long i = 0; i < perFile && next < records; i++, next++) {
            // a skewed route: the square of a uniform number favours the first routes, as busy routes are
            double u = random.nextDouble();
            String[] route = next < routes.size() ? routes.get((int) next) : routes.get((int) (u * u * routes.size()));
            line.setLength(0);
            int month = 1 + (int) (next * 12 / Math.max(records, 1));
            int day = 1 + (int) (random.nextDouble() * 28);
            int sched = 500 + (int) (random.nextDouble() * 1800);
            int delay = (int) (random.nextDouble() * 60) - 10;
            int dep = sched + delay;
            int airTime = 30 + (int) (random.nextDouble() * 600);
            int arr = (dep + airTime) % 2400;
            line.append("2013,").append(month).append(',').append(day).append(',').append(dep).append(',')
                .append(sched).append(',').append(delay).append(',').append(arr).append(',')
                .append((sched + airTime) % 2400).append(',').append(delay - 5).append(',');
            String carrier = CARRIERS[(int) (random.nextDouble() * CARRIERS.length)];
            line.append(carrier).append(',').append(1 + (int) (random.nextDouble() * 6000)).append(",N")
                .append(100 + (int) (random.nextDouble() * 4000)).append(carrier).append(',')
                .append(route[0]).append(',').append(route[1]).append(',').append(airTime).append(',')
                .append(airTime * 8).append(',').append(sched / 100).append(',').append(sched % 100).append(',')
                .append(String.format("2013-%02d-%02d %02d:00:00", month, day, sched / 100)).append('\n');
            w.append(line);
          }
        }
        out.add(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write flights into " + dir, e);
    }
    return out;
  }
}
