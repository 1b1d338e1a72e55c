package dev.graft.cli.trust;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.graft.cli.base.UserError;
import dev.graft.runtime.config.GraftHome;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fingerprint of a project's scripts, the trust store, and the plan that loads them only when
 * trusted.
 */
class ScriptTrustTest {
  @TempDir Path home;
  @TempDir Path project;
  Path scripts;

  @BeforeEach
  void scripts() throws Exception {
    scripts = project.resolve(".graft/scripts");
    Files.createDirectories(scripts.resolve("lib"));
    Files.writeString(
        scripts.resolve("gate.js"),
        "import { x } from './lib/util.js';\nexport default function (g) {}\n");
    Files.writeString(scripts.resolve("lib/util.js"), "export const x = 1;\n");
    Files.writeString(scripts.resolve("README.md"), "not a script\n");
  }

  private ScriptLocations.Plan plan(ScriptLocations.TrustDecision decision) {
    return ScriptLocations.plan(
        new ScriptLocations.Request(
            new GraftHome(home), project, project, List.of(), List.of(), false),
        decision);
  }

  @Test
  void theTrustQuestionForAPackageNamesThePackage() throws Exception {
    Path pkg = Files.createDirectories(project.resolve(".graft/packages/team-hooks"));
    Files.writeString(pkg.resolve("index.js"), "export default function (g) {}\n");
    ScriptLocations.Project asked =
        new ScriptLocations.Project(
            pkg, ScriptFingerprint.of(pkg, ""), new TrustStore.State.Unknown());
    assertThat(TrustDecisions.describe(asked).getFirst())
        .isEqualTo(
            "This project's package team-hooks has hook scripts that you have not trusted yet, in "
                + pkg
                + ":");
  }

  @Test
  void theFingerprintCoversEveryScriptFileAndTheGrantsButNothingElse() throws Exception {
    ScriptFingerprint first = ScriptFingerprint.of(scripts, "");
    assertThat(first.files()).containsOnlyKeys("gate.js", "lib/util.js");
    assertThat(first.value())
        .startsWith("sha256:")
        .isEqualTo(ScriptFingerprint.of(scripts, "").value());

    Files.writeString(scripts.resolve("README.md"), "changed, but not importable\n");
    assertThat(ScriptFingerprint.of(scripts, "").value()).isEqualTo(first.value());

    assertThat(ScriptFingerprint.of(scripts, "gate.js=true\n").value()).isNotEqualTo(first.value());
    assertThat(first.changesTo(ScriptFingerprint.of(scripts, "gate.js=true\n")).describe())
        .isEqualTo("the exec grants in .graft/settings.json changed");
    // A package's manifest asks are not the project's settings: say which changed.
    assertThat(
            first
                .changesTo(ScriptFingerprint.of(scripts, "asks=[\"git\"] read=[\".\"]\n"))
                .describe())
        .isEqualTo("the grants its package.json asks for changed");
    assertThat(
            first
                .changesTo(ScriptFingerprint.of(scripts, "package:p=true\nasks=[\"git\"]\n"))
                .describe())
        .isEqualTo(
            "the exec grants in .graft/settings.json changed; the grants its package.json asks"
                + " for changed");

    Files.writeString(scripts.resolve("lib/util.js"), "export const x = 2;\n");
    Files.writeString(scripts.resolve("lib/.hidden.mjs"), "export const y = 1;\n");
    Files.delete(scripts.resolve("gate.js"));
    ScriptFingerprint.Change change = first.changesTo(ScriptFingerprint.of(scripts, ""));
    assertThat(change.changed()).containsExactly("lib/util.js");
    assertThat(change.added()).containsExactly("lib/.hidden.mjs");
    assertThat(change.removed()).containsExactly("gate.js");
    assertThat(change.describe())
        .isEqualTo("changed: lib/util.js; added: lib/.hidden.mjs; removed: gate.js");
  }

  @Test
  void untrustedScriptsAreNotLoadedUntilTrustedAndAChangedFileNeedsTrustAgain() throws Exception {
    ScriptLocations.Plan untrusted = plan(ScriptLocations.TrustDecision.SKIP);
    assertThat(untrusted.locations()).isEmpty();
    assertThat(untrusted.project().orElseThrow().state())
        .isInstanceOf(TrustStore.State.Unknown.class);

    TrustStore.load(new GraftHome(home))
        .trust(scripts, untrusted.project().orElseThrow().fingerprint());
    assertThat(Files.readString(home.resolve("trusted-scripts.json"))).contains("lib/util.js");
    ScriptLocations.Plan trusted =
        plan((p, s) -> {
          throw new AssertionError("a trusted directory is not asked about");
        });
    assertThat(trusted.paths()).containsExactly(scripts);
    assertThat(trusted.projectLoaded()).isTrue();

    Files.writeString(scripts.resolve("lib/util.js"), "export const x = 'evil';\n");
    ScriptLocations.Plan changed = plan(ScriptLocations.TrustDecision.SKIP);
    assertThat(changed.locations()).isEmpty();
    assertThat(changed.project().orElseThrow().state())
        .isInstanceOfSatisfying(
            TrustStore.State.Changed.class,
            c -> assertThat(c.change().changed()).containsExactly("lib/util.js"));
    assertThat(TrustDecisions.notLoaded(changed.project().orElseThrow()))
        .contains("changed since you trusted them (changed: lib/util.js)")
        .contains("graft scripts trust " + scripts);
  }

  @Test
  void aDecisionMayLoadThemAndNeverIsRememberedUntilForgotten() throws Exception {
    assertThat(plan((p, s) -> true).paths()).containsExactly(scripts);
    assertThat(plan((p, s) -> false).paths()).isEmpty();

    TrustStore.load(new GraftHome(home)).never(scripts);
    assertThat(plan(ScriptLocations.TrustDecision.SKIP).project().orElseThrow().state())
        .isInstanceOf(TrustStore.State.Never.class);
    assertThat(TrustStore.load(new GraftHome(home)).forget(scripts)).isTrue();
    assertThat(TrustStore.load(new GraftHome(home)).forget(scripts)).isFalse();
    assertThat(plan(ScriptLocations.TrustDecision.SKIP).project().orElseThrow().state())
        .isInstanceOf(TrustStore.State.Unknown.class);
  }

  @Test
  void theInteractivePromptTrustsSkipsOrSaysNeverAndReadsOnlyItsLine() throws Exception {
    var in = new ByteArrayInputStream("maybe\ny\nnext line\n".getBytes());
    var out = new StringWriter();
    assertThat(plan(TrustDecisions.prompt(in, new PrintWriter(out, true))).paths())
        .containsExactly(scripts);
    assertThat(out.toString())
        .contains("gate.js")
        .contains("lib/util.js")
        .contains("Fingerprint: sha256:")
        .contains("Answer y, n or v.");
    assertThat(new String(in.readAllBytes())).isEqualTo("next line\n");

    Files.writeString(scripts.resolve("new.js"), "export default function (g) {}\n");
    out.getBuffer().setLength(0);
    assertThat(
            plan(TrustDecisions.prompt(
                    new ByteArrayInputStream("v\n".getBytes()), new PrintWriter(out, true)))
                .paths())
        .isEmpty();
    assertThat(out.toString()).contains("new.js  (new)").contains("not asked again");
    out.getBuffer().setLength(0);
    assertThat(
            plan(TrustDecisions.prompt(
                    new ByteArrayInputStream("y\n".getBytes()), new PrintWriter(out, true)))
                .paths())
        .as("never: not asked")
        .isEmpty();
    assertThat(out.toString()).contains("you chose never to run them");
  }

  @Test
  void aProjectScriptsDirectoryThatIsYoursAlreadyNeedsNoTrust() {
    ScriptLocations.Plan plan =
        ScriptLocations.plan(
            new ScriptLocations.Request(
                new GraftHome(home),
                project,
                project,
                List.of(Path.of(".graft/scripts")),
                List.of(),
                false),
            ScriptLocations.TrustDecision.SKIP);
    assertThat(plan.paths()).containsExactly(scripts);
    assertThat(plan.project()).isEmpty();
  }

  @Test
  void aBrokenStoreIsAOneLineErrorNotAGuess() throws Exception {
    Files.writeString(
        home.resolve("trusted-scripts.json"),
        "{\"directories\": {\""
            + scripts
            + "\": {\"fingerprint\": \"sha256:00\", \"files\": {}}}}");
    assertThatThrownBy(() -> plan(ScriptLocations.TrustDecision.SKIP))
        .isInstanceOf(UserError.class)
        .hasMessageContaining("does not add up to its fingerprint");
    Files.writeString(home.resolve("trusted-scripts.json"), "not json");
    assertThatThrownBy(() -> TrustStore.load(new GraftHome(home)))
        .isInstanceOf(UserError.class)
        .hasMessageContaining("trusted-scripts.json: cannot read the trusted scripts");
  }
}
