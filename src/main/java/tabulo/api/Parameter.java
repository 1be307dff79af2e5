package tabulo.api;

import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import tabulo.storage.TabuloException;

/**
 * One parameter of a declared call ({@link Declaration}), as every front end shows it: the command line
 * as {@code --max-iterations K} (or a positional {@code G}), Python as {@code max_iterations=}. It holds
 * the name, the type the text or Python value is read as, the default, and the help; the checks of a
 * value's range stay with the code that uses it, which names the parameter as the command line does
 * (Python's messages translate the names), but for a lower bound ({@link #atLeast}) and a fixed set of words
 * ({@link #oneOf}).
 *
 * <p>Both front ends show a parameter alike unless it says otherwise: {@link #only} one of them shows it (the
 * other calls with its default there), {@link #defaultIn} one of them has a default of its own.
 *
 * @param label the command line's placeholder ({@code SPEC}), or for a positional how the usage writes it
 *     ({@code G}; {@code [C]} when it may be left out)
 * @param defaultValue the value when not given (null: none), as the command line has it
 * @param minimum the least integer taken, or null
 * @param choices the words taken (matched ignoring case, read as written here), or null: any
 * @param fronts the front ends that show it
 * @param frontDefaults a front end's own default, where it differs from {@code defaultValue}
 * @param defaultSaid whether the help says the default in its own words, so none is appended
 */
public record Parameter(String name, Type type, String label, boolean positional, boolean required,
    Object defaultValue, String help, Integer minimum, List<String> choices, Set<Front> fronts,
    Map<Front, Object> frontDefaults, boolean defaultSaid) {
  /** Who shows a parameter to a person, and reads their values for it. */
  public enum Front {
    /** {@code tabulo NAME ... --option VALUE} */
    COMMAND_LINE,
    /** {@code db.NAME(..., option=value)} */
    PYTHON
  }

  /** What a value is read as. */
  public enum Type {
    /** A table's name. */
    TABLE,
    /** Any text: a key, an operator's name. */
    TEXT,
    /** A D4M selection of keys ({@code 'a,b,'}, {@code 'x*,'}); Python also takes a list of keys. */
    SELECTION,
    /** A selection of vertices: as {@link #SELECTION}, and Python also takes one vertex's key (a number too). */
    VERTICES,
    INTEGER,
    REAL,
    /** A number stored in a table: written as a decimal, and one the session's codec can store ({@link Call#scalar}). */
    SCALAR,
    /** Present or not: {@code --in}, {@code in_=True}. */
    FLAG
  }

  public Parameter {
    choices = choices == null ? null : List.copyOf(choices);
    fronts = Set.copyOf(fronts);
    frontDefaults = frontDefaults.isEmpty() ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(frontDefaults));
  }

  private Parameter(String name, Type type, String label, boolean positional, boolean required, Object defaultValue,
      String help) {
    this(name, type, label, positional, required, defaultValue, help, null, null, EnumSet.allOf(Front.class),
        Map.of(), false);
  }

  private static final Set<String> PYTHON_KEYWORDS = Set.of("from", "in", "and", "or", "not", "is", "if", "for",
      "with", "as", "def", "class", "import", "lambda", "global", "return", "pass", "del", "while", "try", "raise");

  /** A table given by position: {@code G}, {@code OUT} (Python: {@code g}, {@code out}). */
  public static Parameter table(String label, String help) {
    return new Parameter(label.toLowerCase(Locale.ROOT), Type.TABLE, label, true, true, null, help);
  }

  /** A table given by position that may be left out, last: {@code [C]} (Python: {@code c=None}). */
  public static Parameter optionalTable(String label, String help) {
    return new Parameter(label.toLowerCase(Locale.ROOT), Type.TABLE, "[" + label + "]", true, false, null, help);
  }

  /** An option that must be given: {@code --from SPEC} (Python: a parameter after the tables). */
  public static Parameter required(String name, Type type, String label, String help) {
    return new Parameter(name, type, label, false, true, null, help);
  }

  /** An option that may be left out: then {@code defaultValue} (null: none). */
  public static Parameter optional(String name, Type type, String label, Object defaultValue, String help) {
    return new Parameter(name, type, label, false, false, defaultValue, help);
  }

  /** A flag, false unless given. */
  public static Parameter flag(String name, String help) {
    return new Parameter(name, Type.FLAG, null, false, false, false, help);
  }

  /** The same integer parameter, refusing values below {@code min}. */
  public Parameter atLeast(int min) {
    return new Parameter(name, type, label, positional, required, defaultValue, help, min, choices, fronts,
        frontDefaults, defaultSaid);
  }

  /** The same text parameter, taking only these words (in any case; read as written here). */
  public Parameter oneOf(String... words) {
    return new Parameter(name, type, label, positional, required, defaultValue, help, minimum, List.of(words), fronts,
        frontDefaults, defaultSaid);
  }

  /** The same parameter, shown only by {@code front}; a call from the other has its default there. */
  public Parameter only(Front front) {
    return new Parameter(name, type, label, positional, required, defaultValue, help, minimum, choices,
        EnumSet.of(front), frontDefaults, defaultSaid);
  }

  /** The same parameter, with a default of its own in {@code front} (null: none). */
  public Parameter defaultIn(Front front, Object value) {
    Map<Front, Object> d = new EnumMap<>(Front.class);
    d.putAll(frontDefaults);
    d.put(front, value);
    return new Parameter(name, type, label, positional, required, defaultValue, help, minimum, choices, fronts, d,
        defaultSaid);
  }

  /** The same parameter, its help saying the default in its own words ("plus (default), times, ..."). */
  public Parameter defaultInHelp() {
    return new Parameter(name, type, label, positional, required, defaultValue, help, minimum, choices, fronts,
        frontDefaults, true);
  }

  /** Whether {@code front} shows it (a call from a front end that does not has its default). */
  public boolean shownBy(Front front) {
    return fronts.contains(front);
  }

  /** Its default in {@code front}. */
  public Object defaultIn(Front front) {
    return frontDefaults.containsKey(front) ? frontDefaults.get(front) : defaultValue;
  }

  /** {@code value} if it passes the declared checks; else an error naming the parameter. */
  Object checked(Object value) {
    if (minimum != null && value instanceof Integer i && i < minimum) {
      throw new TabuloException(cliName() + " must be at least " + minimum + ", got " + i);
    }
    if (choices != null && value != null) {
      return choice(value.toString());
    }
    return value;
  }

  /** The word of {@link #choices} that {@code text} is (ignoring case), or an error naming the parameter. */
  public String choice(String text) {
    for (String c : choices) {
      if (c.equalsIgnoreCase(text)) {
        return c;
      }
    }
    throw new TabuloException(cliName() + ": " + choicesWrong(text));
  }

  /** "expected 'a', 'b' or 'c', got 'x'". */
  public String choicesWrong(String text) {
    StringBuilder sb = new StringBuilder("expected ");
    for (int i = 0; i < choices.size(); i++) {
      sb.append(i == 0 ? "" : i == choices.size() - 1 ? " or " : ", ").append('\'').append(choices.get(i))
          .append('\'');
    }
    return sb.append(", got '").append(text).append('\'').toString();
  }

  /** How the command line writes it: {@code --max-iterations}, or the positional's label. */
  public String cliName() {
    return positional ? label : "--" + name;
  }

  /** How Python writes it: {@code max_iterations}; a keyword gets a trailing underscore ({@code from_}). */
  public String pythonName() {
    String n = name.replace('-', '_');
    return PYTHON_KEYWORDS.contains(n) ? n + "_" : n;
  }

  /** The value of the command line's text (null: not given), or an error naming the option. */
  public Object parse(String text) {
    return checked(read(text));
  }

  private Object read(String text) {
    if (text == null) {
      return type == Type.FLAG ? Boolean.FALSE : defaultIn(Front.COMMAND_LINE);
    }
    try {
      return switch (type) {
        case INTEGER -> Integer.parseInt(text.strip());
        case REAL -> Double.parseDouble(text.strip());
        case FLAG -> Boolean.parseBoolean(text);
        default -> text;
      };
    } catch (NumberFormatException e) {
      throw new TabuloException(cliName() + ": '" + text + "' is not " + (type == Type.INTEGER ? "an integer"
          : "a number"));
    }
  }

  /** The value of what Python passed (None, a str, an int, a float or a bool), or an error naming it. */
  public Object convert(Object value) {
    return checked(pythonValue(value));
  }

  private Object pythonValue(Object value) {
    if (value == null) {
      return type == Type.FLAG ? Boolean.FALSE : defaultIn(Front.PYTHON);
    }
    return switch (type) {
      case INTEGER -> {
        if (value instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())) {
          yield n.intValue();
        }
        throw new TabuloException(cliName() + ": expected an integer, got " + value);
      }
      case REAL, SCALAR -> {
        if (value instanceof Number n) {
          yield n.doubleValue();
        }
        throw new TabuloException(cliName() + ": expected a number, got " + value);
      }
      case FLAG -> value instanceof Boolean b ? b : Boolean.valueOf(value.toString());
      default -> value.toString();
    };
  }

  /** The help text with the default, as {@code --help} shows it. */
  public String helpWithDefault() {
    return helpWithDefault(Front.COMMAND_LINE);
  }

  /** The help text with the default {@code front} has, as its help shows it. */
  public String helpWithDefault(Front front) {
    Object d = defaultIn(front);
    if (d == null || type == Type.FLAG || defaultSaid) {
      return help;
    }
    String text = help.endsWith(".") ? help.substring(0, help.length() - 1) : help;
    return text + " (default " + shown(d) + ").";
  }

  /** A default as a person writes it: 1e-9, not 1.0E-9. */
  static String shown(Object value) {
    if (":".equals(value)) {
      return "all";
    }
    if (value instanceof Double d) {
      String s = Double.toString(d).replace("E", "e").replace(".0e", "e");
      return s.endsWith(".0") ? s.substring(0, s.length() - 2) : s;
    }
    return String.valueOf(value);
  }
}
