package tabulo.kernel;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;

import org.apache.accumulo.core.security.Authorizations;

import tabulo.math.ValueCodec;
import tabulo.select.KeySpec;
import tabulo.storage.Store;

import static tabulo.kernel.KernelPlans.required;

/**
 * A plan whose kernel is a {@link RowStream}: the settings every streaming operation shares (inputs,
 * outputs, codec, authorizations, tuning) travel here; an operation adds its own options and its
 * {@link RowStream.RowOp}.
 */
public abstract class StreamPlan implements KernelPlan {
  /** What every streaming plan holds. */
  public record Settings(List<RowStream.Input> inputs, List<String> outputs, ValueCodec codec, Authorizations auths,
      int unitEntries, int workers, boolean outputCombines, int mask, boolean maskComplement) {

    public Settings {
      inputs = List.copyOf(inputs);
      outputs = List.copyOf(outputs);
    }

    /**
     * The same with input {@code input} as the mask of output 0 (C&lt;M&gt;, or C&lt;!M&gt; with
     * {@code complement}): only for operations whose output rows are their input rows.
     */
    public Settings mask(int input, boolean complement) {
      return new Settings(inputs, outputs, codec, auths, unitEntries, workers, outputCombines, input, complement);
    }

    Map<String, String> encode() {
      Map<String, String> m = new LinkedHashMap<>();
      for (int i = 0; i < inputs.size(); i++) {
        RowStream.Input in = inputs.get(i);
        m.put("in." + i + ".table", in.table());
        m.put("in." + i + ".rows", in.rows().toString());
        m.put("in." + i + ".cols", in.cols().toString());
        m.put("in." + i + ".drives", Boolean.toString(in.drives()));
        m.put("in." + i + ".structure", Boolean.toString(in.structureOnly()));
        if (in.family() != null) {
          m.put("in." + i + ".family", in.family());
        }
      }
      for (int i = 0; i < outputs.size(); i++) {
        m.put("out." + i, outputs.get(i));
      }
      m.put("codec", codec.name());
      m.put("auths", auths.serialize());
      m.put("unitEntries", Integer.toString(unitEntries));
      m.put("workers", Integer.toString(workers));
      m.put("combines", Boolean.toString(outputCombines));
      m.put("mask", Integer.toString(mask));
      m.put("maskComplement", Boolean.toString(maskComplement));
      return m;
    }

    public static Settings decode(Map<String, String> m) {
      List<RowStream.Input> inputs = new ArrayList<>();
      for (int i = 0; m.containsKey("in." + i + ".table"); i++) {
        inputs.add(new RowStream.Input(m.get("in." + i + ".table"), KeySpec.parse(required(m, "in." + i + ".rows")),
            KeySpec.parse(required(m, "in." + i + ".cols")), Boolean.parseBoolean(required(m, "in." + i + ".drives")),
            Boolean.parseBoolean(required(m, "in." + i + ".structure")), m.get("in." + i + ".family")));
      }
      List<String> outputs = new ArrayList<>();
      for (int i = 0; m.containsKey("out." + i); i++) {
        outputs.add(m.get("out." + i));
      }
      return new Settings(inputs, outputs, ValueCodec.named(required(m, "codec")),
          new Authorizations(required(m, "auths").getBytes(StandardCharsets.UTF_8)),
          Integer.parseInt(required(m, "unitEntries")), Integer.parseInt(required(m, "workers")),
          Boolean.parseBoolean(required(m, "combines")), Integer.parseInt(required(m, "mask")),
          Boolean.parseBoolean(required(m, "maskComplement")));
    }
  }

  protected final Settings settings;

  protected StreamPlan(Settings settings) {
    if (settings.inputs().isEmpty() || settings.outputs().isEmpty()) {
      throw new IllegalArgumentException("a streaming plan needs an input and an output");
    }
    this.settings = settings;
  }

  /**
   * Whether the row operation writes every output's cells row by row in key order (the row it is
   * given): they then go straight to bulk loads, one row sorted at a time. False sorts them in chunks.
   */
  protected boolean emitsInRowOrder() {
    return false;
  }

  /** A fresh row operation for one tablet run. */
  protected abstract RowStream.RowOp newRowOp();

  /** The operation's own options (names without dots), beside the shared settings. */
  protected abstract Map<String, String> opOptions();

  public Settings settings() {
    return settings;
  }

  public List<RowStream.Input> streamInputs() {
    return settings.inputs();
  }

  public ValueCodec codec() {
    return settings.codec();
  }

  public int unitEntries() {
    return settings.unitEntries();
  }

  @Override
  public Authorizations auths() {
    return settings.auths();
  }

  @Override
  public List<String> inputs() {
    return settings.inputs().stream().map(RowStream.Input::table).distinct().toList();
  }

  @Override
  public List<String> outputs() {
    return settings.outputs();
  }

  @Override
  public String driverTable() {
    return settings.inputs().get(0).table();
  }

  @Override
  public KeySpec driverRows() {
    return settings.inputs().get(0).rows();
  }

  @Override
  public KeySpec driverColumns() {
    return settings.inputs().get(0).cols();
  }

  @Override
  public List<String> driverFamilies() {
    String f = settings.inputs().get(0).family();
    return f == null ? List.of() : List.of(f);
  }

  @Override
  public boolean outputCombines() {
    return settings.outputCombines();
  }

  @Override
  public int workers() {
    return settings.workers();
  }

  @Override
  public Map<String, String> toOptions() {
    Map<String, String> m = settings.encode();
    m.putAll(opOptions());
    return m;
  }

  @Override
  public TabletKernel kernel(Store store, ExecutorService pool, KernelCounters counters) {
    return new RowStream(store, this, this::newRowOp, counters);
  }
}
