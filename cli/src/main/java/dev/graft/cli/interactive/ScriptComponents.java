package dev.graft.cli.interactive;

import dev.graft.scripting.api.CustomOptions;
import dev.graft.scripting.api.FooterFacts;
import dev.graft.scripting.api.ScriptView;
import java.util.List;
import java.util.Optional;

/**
 * Where the interactive mode shows what scripts draw: {@code ctx.ui.custom} components, widgets, a
 * footer or header. Plain input has no place for components ({@link #NONE}): a widget's lines go to
 * the status line there.
 */
interface ScriptComponents {
  /** Whether components can be shown. */
  boolean available();

  void custom(ScriptView view, CustomOptions options);

  /** A widget's lines (empty removes it); false when there is no place for them. */
  boolean widgetLines(String key, Optional<List<String>> lines, String placement);

  void widget(String key, ScriptView view, String placement);

  void footer(Optional<ScriptView> view);

  void header(Optional<ScriptView> view);

  /** A script's editor in the place of graft's; empty brings graft's back. */
  void editor(Optional<ScriptView> view);

  FooterFacts footerFacts();

  ScriptComponents NONE =
      new ScriptComponents() {
        @Override
        public boolean available() {
          return false;
        }

        @Override
        public void custom(ScriptView view, CustomOptions options) {
          view.close(Optional.empty());
        }

        @Override
        public boolean widgetLines(String key, Optional<List<String>> lines, String placement) {
          return false;
        }

        @Override
        public void widget(String key, ScriptView view, String placement) {
          view.close(Optional.empty());
        }

        @Override
        public void footer(Optional<ScriptView> view) {
          view.ifPresent(v -> v.close(Optional.empty()));
        }

        @Override
        public void header(Optional<ScriptView> view) {
          view.ifPresent(v -> v.close(Optional.empty()));
        }

        @Override
        public void editor(Optional<ScriptView> view) {
          view.ifPresent(v -> v.close(Optional.empty()));
        }

        @Override
        public FooterFacts footerFacts() {
          return FooterFacts.NONE;
        }
      };
}
