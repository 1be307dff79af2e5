package tabulo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tabulo.cli.CliRunner.ok;

import org.junit.jupiter.api.Test;

import tabulo.api.Declaration;
import tabulo.api.Declarations;
import tabulo.api.Parameter;

/** Each declared call is a command whose help is its declaration: summary, every parameter, each default. */
class CliDeclaredHelpTest {
  @Test
  void everyDeclarationIsACommandWithItsParametersAndDefaults() {
    for (Declaration d : Declarations.ALL) {
      String help = ok(CliRunner.raw("help", d.name()));
      assertTrue(help.contains(d.summary()), help);
      for (Parameter p : d.allParameters()) {
        String described = CliHelpTest.described(help, p.positional() ? p.label()
            : p.cliName() + (p.type() == Parameter.Type.FLAG ? "" : "=" + p.label()));
        assertEquals(p.helpWithDefault().replaceAll("\\s+", " "), described.replaceAll("\\s+", " "), d.name() + " " + p);
      }
    }
  }
}
