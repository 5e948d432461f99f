// <code-editor>: a CodeMirror 6 Python editor as a custom element, so templates can place it like any tag.
// Properties: initial (text on first mount), label (accessible name), onRun(), onChange(text),
// errorLine (1-based line to highlight, or null), value (get/set the text), readOnly (set before mounting).
import { EditorView, basicSetup } from "codemirror";
import { EditorState, StateEffect, StateField } from "@codemirror/state";
import { Decoration, keymap } from "@codemirror/view";
import { indentWithTab } from "@codemirror/commands";
import { indentUnit } from "@codemirror/language";
import { python } from "@codemirror/lang-python";
import { oneDark } from "@codemirror/theme-one-dark";

// Dark where the reader prefers it and the page around the editor supports it (its color-scheme,
// which a docs page with a light-only theme leaves "normal"), as the browser decides for its own controls.
const darkAt = (element) =>
  globalThis.matchMedia?.("(prefers-color-scheme: dark)").matches && /\bdark\b/.test(getComputedStyle(element).colorScheme);

// One Dark on the page's darker background: its comment, keyword and gutter colours reach a 4.5:1
// contrast there (on One Dark's own #282c34 they fall short of it).
const darkTheme = [
  oneDark,
  EditorView.theme(
    {
      // "&.cm-editor" outranks One Dark's own rules, which have the same selectors otherwise.
      "&.cm-editor": { backgroundColor: "var(--bg)" },
      "&.cm-editor .cm-gutters": { backgroundColor: "var(--bg)", color: "var(--muted)" },
      "&.cm-editor .cm-activeLine": { backgroundColor: "#1b1e24" },
      "&.cm-editor .cm-activeLineGutter": { backgroundColor: "#1b1e24", color: "var(--fg)" },
    },
    { dark: true },
  ),
];

const setMarkedLine = StateEffect.define();

// The line of the last error, highlighted until the learner edits the code.
const markedLine = StateField.define({
  create: () => Decoration.none,
  update(marks, transaction) {
    if (transaction.docChanged) return Decoration.none;
    for (const effect of transaction.effects) {
      if (effect.is(setMarkedLine)) {
        const line = effect.value;
        if (line === null || line < 1 || line > transaction.state.doc.lines) return Decoration.none;
        const start = transaction.state.doc.line(line).from;
        return Decoration.set([Decoration.line({ class: "cm-error-line" }).range(start)]);
      }
    }
    return marks;
  },
  provide: (field) => EditorView.decorations.from(field),
});

class CodeEditor extends HTMLElement {
  connectedCallback() {
    if (this.view) return;
    const runKeys = ["Mod-Enter", "Shift-Enter"].map((key) => ({
      key,
      preventDefault: true,
      run: () => (this.onRun?.(), true),
    }));
    this.view = new EditorView({
      parent: this,
      state: EditorState.create({
        doc: this.initial ?? "",
        extensions: [
          keymap.of(runKeys),
          basicSetup,
          keymap.of([indentWithTab]),
          python(),
          indentUnit.of("    "),
          EditorState.tabSize.of(4),
          markedLine,
          EditorState.readOnly.of(Boolean(this.readOnly)),
          darkAt(this) ? darkTheme : [],
          EditorView.contentAttributes.of({ "aria-label": this.label ?? "Python code" }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) this.onChange?.(update.state.doc.toString());
          }),
        ],
      }),
    });
    this.errorLine = this.pendingErrorLine ?? null;
  }

  get value() {
    return this.view ? this.view.state.doc.toString() : (this.initial ?? "");
  }

  set value(text) {
    if (!this.view) {
      this.initial = text;
      return;
    }
    this.view.dispatch({ changes: { from: 0, to: this.view.state.doc.length, insert: text } });
  }

  set errorLine(line) {
    if (!this.view) {
      this.pendingErrorLine = line;
      return;
    }
    this.view.dispatch({ effects: setMarkedLine.of(line ?? null) });
    if (line && line <= this.view.state.doc.lines) {
      this.view.dispatch({ effects: EditorView.scrollIntoView(this.view.state.doc.line(line).from, { y: "center" }) });
    }
  }

  focus() {
    this.view?.focus();
  }
}

customElements.define("code-editor", CodeEditor);
