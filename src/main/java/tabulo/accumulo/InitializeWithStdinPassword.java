package tabulo.accumulo;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.apache.accumulo.server.init.Initialize;

/**
 * Runs Accumulo's {@code Initialize} with the root password read from standard input: MiniAccumuloCluster
 * passes it as {@code --password} on the child's command line, which every user of the machine can read
 * (ps, /proc) while the instance is initialised. Arguments are Initialize's, less the password.
 */
public final class InitializeWithStdinPassword {
  private InitializeWithStdinPassword() {}

  public static void main(String[] args) throws Exception {
    String password;
    try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
      password = in.readLine();
    }
    if (password == null) {
      System.err.println("no root password on standard input");
      System.exit(1);
    }
    String[] all = Arrays.copyOf(args, args.length + 2);
    all[args.length] = "--password";
    all[args.length + 1] = password;
    Initialize.main(all);
  }
}
