package tabulo.python;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tabulo.api.Call;
import tabulo.api.Declaration;
import tabulo.api.Declarations;
import tabulo.api.Parameter;
import tabulo.api.Shared;
import tabulo.ops.Session;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;

/**
 * The declared calls from Python: {@link #describe} tells Python what methods to make (names, parameters
 * with their types, defaults and help), and {@link #call} runs one as a {@link Job}, its rounds in Python's
 * progress line, its session closed however it ends.
 */
public final class Declared {
  private final Store store;

  public Declared(Bridge bridge) {
    this.store = bridge.store();
  }

  /** Every declaration as plain maps: name, description, groups, parameters (each a map of its fields). */
  public static List<Map<String, Object>> describe() {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Declaration d : Declarations.ALL) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("name", d.name());
      m.put("description", String.join("\n", d.description()));
      m.put("output", d.takes(Shared.Group.OUTPUT));
      List<Map<String, Object>> params = new ArrayList<>();
      for (Parameter p : d.allParameters()) {
        Map<String, Object> pm = new LinkedHashMap<>();
        pm.put("name", p.name());
        pm.put("python", p.pythonName());
        pm.put("type", p.type().name());
        pm.put("positional", p.positional());
        pm.put("required", p.required());
        pm.put("default", p.defaultValue());
        pm.put("help", p.helpWithDefault());
        params.add(pm);
      }
      m.put("parameters", params);
      out.add(m);
    }
    return out;
  }

  /** Runs declaration {@code name} with {@code args} (by parameter name; absent or null: the default). */
  public Job call(String name, Map<String, Object> args) {
    Declaration d = Declarations.named(name);
    if (d == null) {
      throw new TabuloException("no such call: " + name);
    }
    Map<Parameter, Object> values = new LinkedHashMap<>();
    for (Parameter p : d.allParameters()) {
      values.put(p, p.convert(args.get(p.name())));
    }
    return Job.start(name, job -> {
      Call call = Call.open(d, values, store, job::progress, job::cancelled, job::round);
      try (Session s = call.session()) {
        return d.body().run(call);
      }
    });
  }
}
