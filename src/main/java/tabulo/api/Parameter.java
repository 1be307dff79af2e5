package tabulo.api;

import java.util.Locale;
import java.util.Set;

import tabulo.storage.TabuloException;

/**
 * One parameter of a declared call ({@link Declaration}), as every front end shows it: the command line
 * as {@code --max-iterations K} (or a positional {@code G}), Python as {@code max_iterations=}. It holds
 * the name, the type the text or Python value is read as, the default, and the help; the checks of a
 * value's range stay with the code that uses it, which names the parameter as the command line does
 * (Python's messages translate the names).
 */
public record Parameter(String name, Type type, String label, boolean positional, boolean required,
    Object defaultValue, String help, Integer minimum) {
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

  private static final Set<String> PYTHON_KEYWORDS = Set.of("from", "in", "and", "or", "not", "is", "if", "for",
      "with", "as", "def", "class", "import", "lambda", "global", "return", "pass", "del", "while", "try", "raise");

  /** A table given by position: {@code G}, {@code OUT} (Python: {@code g}, {@code out}). */
  public static Parameter table(String label, String help) {
    return new Parameter(label.toLowerCase(Locale.ROOT), Type.TABLE, label, true, true, null, help, null);
  }

  /** An option that must be given: {@code --from SPEC} (Python: a parameter after the tables). */
  public static Parameter required(String name, Type type, String label, String help) {
    return new Parameter(name, type, label, false, true, null, help, null);
  }

  /** An option that may be left out: then {@code defaultValue} (null: none). */
  public static Parameter optional(String name, Type type, String label, Object defaultValue, String help) {
    return new Parameter(name, type, label, false, false, defaultValue, help, null);
  }

  /** A flag, false unless given. */
  public static Parameter flag(String name, String help) {
    return new Parameter(name, Type.FLAG, null, false, false, false, help, null);
  }

  /** The same integer parameter, refusing values below {@code min}. */
  public Parameter atLeast(int min) {
    return new Parameter(name, type, label, positional, required, defaultValue, help, min);
  }

  /** {@code value} if it passes the declared checks; else an error naming the parameter. */
  Object checked(Object value) {
    if (minimum != null && value instanceof Integer i && i < minimum) {
      throw new TabuloException(cliName() + " must be at least " + minimum + ", got " + i);
    }
    return value;
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

  /** The value of the command line's text, or an error naming the option. */
  public Object parse(String text) {
    return checked(read(text));
  }

  private Object read(String text) {
    if (text == null) {
      return type == Type.FLAG ? Boolean.FALSE : defaultValue;
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
      return type == Type.FLAG ? Boolean.FALSE : defaultValue;
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

  /** The help text with the default, as {@code --help} and Python's docstrings show it. */
  public String helpWithDefault() {
    if (defaultValue == null || type == Type.FLAG) {
      return help;
    }
    String text = help.endsWith(".") ? help.substring(0, help.length() - 1) : help;
    return text + " (default " + shown(defaultValue) + ").";
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
