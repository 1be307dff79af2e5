package tabulo.embedded;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import org.apache.accumulo.core.data.ArrayByteSequence;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.apache.accumulo.core.security.VisibilityEvaluator;
import org.apache.accumulo.core.security.VisibilityParseException;
import org.apache.accumulo.core.util.BadArgumentException;

/**
 * Whether authorizations satisfy a visibility given as bytes, decided as Accumulo's VisibilityFilter
 * decides it (no default visibility): an empty one always, an unparsable one never, others by
 * Accumulo's own evaluator. Answers are remembered per distinct visibility (a table has few): the
 * first sixteen in a list compared in turn, later ones in a map.
 */
final class VisibilityCheck {
  private static final int MAX_REMEMBERED = 1000;
  private static final int LISTED = 16; // the first few visibilities are compared in turn, no copy, no hash

  private final VisibilityEvaluator evaluator;
  private final byte[][] listed = new byte[LISTED][];
  private final boolean[] listedAnswers = new boolean[LISTED];
  private int listedCount;
  private final Map<ArrayByteSequence, Boolean> answers = new HashMap<>();

  VisibilityCheck(Authorizations auths) {
    this.evaluator = new VisibilityEvaluator(auths);
  }

  boolean visible(byte[] visibility, int length) {
    if (length == 0) {
      return true;
    }
    for (int i = 0; i < listedCount; i++) {
      byte[] v = listed[i];
      if (Arrays.equals(visibility, 0, length, v, 0, v.length)) {
        return listedAnswers[i];
      }
    }
    byte[] copy = Arrays.copyOf(visibility, length);
    if (listedCount < LISTED) {
      listed[listedCount] = copy;
      return listedAnswers[listedCount++] = evaluate(copy);
    }
    ArrayByteSequence key = new ArrayByteSequence(copy);
    Boolean answer = answers.get(key);
    if (answer == null) {
      answer = evaluate(copy);
      if (answers.size() >= MAX_REMEMBERED) {
        answers.clear();
      }
      answers.put(key, answer);
    }
    return answer;
  }

  private boolean evaluate(byte[] visibility) {
    try {
      return evaluator.evaluate(new ColumnVisibility(visibility));
    } catch (VisibilityParseException | BadArgumentException e) {
      return false; // as VisibilityFilter: a label that does not parse hides its cell
    }
  }
}
