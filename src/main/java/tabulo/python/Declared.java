package tabulo.python;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tabulo.api.Call;
import tabulo.api.Declaration;
import tabulo.api.Declarations;
import tabulo.api.Parameter;
import tabulo.api.Parameter.Front;
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

  /**
   * Every declaration as plain maps: name, description, groups, the parameters Python shows (each a map of
   * its fields, with Python's default).
   */
  public static List<Map<String, Object>> describe() {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Declaration d : Declarations.ALL) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("name", d.name());
      m.put("description", String.join("\n", d.description()));
      m.put("output", d.takes(Shared.Group.OUTPUT));
      List<Map<String, Object>> params = new ArrayList<>();
      for (Parameter p : d.parameters(Front.PYTHON)) {
        Map<String, Object> pm = new LinkedHashMap<>();
        pm.put("name", p.name());
        pm.put("python", p.pythonName());
        pm.put("type", p.type().name());
        pm.put("positional", p.positional());
        pm.put("required", p.required());
        pm.put("default", p.defaultIn(Front.PYTHON));
        pm.put("help", p.helpWithDefault(Front.PYTHON));
        params.add(pm);
      }
      m.put("parameters", params);
      out.add(m);
    }
    return out;
  }

  /**
   * Runs declaration {@code name} with {@code args} (by parameter name; absent or null: the default, as for
   * the parameters Python does not show).
   */
  public Job call(String name, Map<String, Object> args) {
    Declaration d = Declarations.named(name);
    if (d == null) {
      throw new TabuloException("no such call: " + name);
    }
    Map<Parameter, Object> values = new LinkedHashMap<>();
    for (Parameter p : d.allParameters()) {
      values.put(p, p.convert(p.shownBy(Front.PYTHON) ? args.get(p.name()) : null));
    }
    return Job.start(name, job -> {
      Call call = Call.open(d, Front.PYTHON, values, store, (done, fraction) -> job.progress(done), job::cancelled,
          job::round);
      try (Session s = call.session()) {
        return d.body().run(call);
      }
    });
  }
}
