package tabulo.kernel;

import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * Every kernel kind, by name: the {@link KernelPlan.Kind}s listed in
 * {@code META-INF/services/tabulo.kernel.KernelPlan$Kind}. A tablet server rebuilds a plan from the
 * iterator options by the kind they name, so one generic iterator hosts every kernel.
 */
public final class KernelPlans {
  /** The option naming a plan's kind. */
  public static final String KIND = "kind";

  private static final Map<String, KernelPlan.Kind> KINDS = load();

  private KernelPlans() {}

  private static Map<String, KernelPlan.Kind> load() {
    Map<String, KernelPlan.Kind> m = new TreeMap<>();
    // this class's loader: a tablet server loads Tabulo's classes in its own context
    for (KernelPlan.Kind k : ServiceLoader.load(KernelPlan.Kind.class, KernelPlans.class.getClassLoader())) {
      if (m.put(k.name(), k) != null) {
        throw new IllegalStateException("two kernel kinds named " + k.name());
      }
    }
    return m;
  }

  /** The plan's options with its kind, ready to travel. */
  public static Map<String, String> encode(KernelPlan plan) {
    Map<String, String> m = new TreeMap<>(plan.toOptions());
    m.put(KIND, plan.kind());
    return m;
  }

  /** Rebuilds a plan from {@link #encode}'s options. */
  public static KernelPlan decode(Map<String, String> options) {
    String kind = options.get(KIND);
    KernelPlan.Kind k = kind == null ? null : KINDS.get(kind);
    if (k == null) {
      throw new IllegalArgumentException("unknown kernel kind '" + kind + "' (known: " + KINDS.keySet() + ")");
    }
    return k.decode(options);
  }

  /** A required option of a plan, with an error naming it. */
  public static String required(Map<String, String> options, String key) {
    String v = options.get(key);
    if (v == null) {
      throw new IllegalArgumentException("kernel option '" + key + "' is missing");
    }
    return v;
  }
}
