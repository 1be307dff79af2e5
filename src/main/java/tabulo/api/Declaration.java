package tabulo.api;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An operation or algorithm declared once: its name, its help, its parameters (with their types,
 * defaults and help), the shared parameter groups it takes, and the body that runs it. The command line
 * ({@code tabulo NAME ...}, its {@code --help}) and Python ({@code db.NAME(...)}, its docstring) are built
 * from the declaration, so a parameter, a default or a help line is written in one place. Where the front
 * ends differ, the parameter says so ({@link Parameter#only}, {@link Parameter#defaultIn}) and the body asks
 * the call ({@link Call#shows}).
 */
public record Declaration(String name, List<String> description, List<Parameter> parameters,
    Set<Shared.Group> groups, Body body, Rule rule, String counts) {
  /** Runs one call; returns what the caller is told. */
  public interface Body {
    Outcome run(Call call);
  }

  /** How parameters must be combined: what is wrong with {@code values} (a usage error), or null. */
  public interface Rule {
    String misuse(Map<Parameter, Object> values);
  }

  public Declaration {
    description = List.copyOf(description);
    parameters = List.copyOf(parameters);
    groups = groups.isEmpty() ? EnumSet.noneOf(Shared.Group.class) : EnumSet.copyOf(groups);
  }

  public Declaration(String name, List<String> description, List<Parameter> parameters, Set<Shared.Group> groups,
      Body body) {
    this(name, description, parameters, groups, body, values -> null, "cells");
  }

  /** The same declaration with {@code r} as its rule for combining parameters. */
  public Declaration rule(Rule r) {
    return new Declaration(name, description, parameters, groups, body, r, counts);
  }

  /** The same declaration whose progress counts {@code what} (default "cells"; a multiply's "partial products"). */
  public Declaration counting(String what) {
    return new Declaration(name, description, parameters, groups, body, rule, what);
  }

  /** Its own parameters, then those of its groups, in the order the help lists them. */
  public List<Parameter> allParameters() {
    List<Parameter> all = new ArrayList<>(parameters);
    for (Shared.Group g : Shared.Group.values()) {
      if (groups.contains(g)) {
        all.addAll(g.parameters());
      }
    }
    return all;
  }

  /** The parameters {@code front} shows, in the order of {@link #allParameters}. */
  public List<Parameter> parameters(Parameter.Front front) {
    return allParameters().stream().filter(p -> p.shownBy(front)).toList();
  }

  public boolean takes(Shared.Group group) {
    return groups.contains(group);
  }

  /** The one-line summary: the first line of the description. */
  public String summary() {
    return description.get(0);
  }
}
