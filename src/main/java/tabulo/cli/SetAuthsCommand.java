package tabulo.cli;

import java.util.ArrayList;
import java.util.List;

import org.apache.accumulo.core.security.Authorizations;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.storage.Store;
import tabulo.storage.TabuloException;

@Command(name = "setauths", description = {"Grant a user exactly these authorizations (root only).",
    "An empty list ('') removes all of them."})
final class SetAuthsCommand implements Runnable {
  @ParentCommand
  Main main;

  @Parameters(index = "0", paramLabel = "USER")
  String user;

  @Parameters(index = "1", paramLabel = "a,b,c", arity = "0..1")
  String auths = "";

  @Override
  public void run() {
    Authorizations a = parse(auths, "authorization list");
    try (Store store = main.openStore()) {
      store.setAuthorizations(user, a);
    }
  }

  /** Parses a comma list of authorizations, naming the bad one. */
  static Authorizations parse(String list, String what) {
    List<String> out = new ArrayList<>();
    for (String s : list.split(",")) {
      if (s.isEmpty()) {
        continue;
      }
      try {
        new Authorizations(s);
      } catch (IllegalArgumentException e) {
        // Accumulo accepts any non-blank authorization (expressions quote unusual ones: "a b"),
        // so a blank one is the only kind its constructor rejects.
        throw new TabuloException("invalid authorization '" + s + "' in " + what + ": it is blank");
      }
      out.add(s);
    }
    return new Authorizations(out.toArray(new String[0]));
  }
}
