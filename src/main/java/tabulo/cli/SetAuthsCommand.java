package tabulo.cli;


import org.apache.accumulo.core.security.Authorizations;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.storage.Store;

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
    return tabulo.api.Call.authorizations(list, what);
  }
}
