// Terminal control in program output, for the output panel: SGR colour sequences (a library's
// coloured log, `\x1b[31m`) become styles, and every other control character or sequence is shown
// as Python writes it in a string, `\x1b[2K`, `\x07`, `\r` (marked as not printed text), never
// passed to the page raw. (Unicode's control pictures, ␛, are missing from common monospace fonts.)
// Colours carry across chunks and lines, as in a terminal: a run keeps one terminal state.

// ESC [ params final (CSI), ESC ] … BEL or ESC \ (OSC), or ESC and one more character.
const SEQUENCE = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[\s\S]?/g;
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;
const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;
const CONTROL_RUNS = /([\x00-\x08\x0b-\x1f\x7f-\x9f]+)/; // split() keeps them, at odd indexes
const SGR = /^\x1b\[([0-9;]*)m$/;

// { fg, bg: null | 0–15, bold }  the style the next text gets
export const newTerminal = () => ({ fg: null, bg: null, bold: false });

// The text with its control characters written as escapes (tab and newline stay).
export function visibleControls(text) {
  return CONTROL.test(text) ? text.replace(CONTROLS, escape) : text;
}

function escape(ch) {
  return ch === "\r" ? "\\r" : `\\x${ch.charCodeAt(0).toString(16).padStart(2, "0")}`;
}

// `text` as [{ text, style }] pieces: style is a class list ("ansi-fg-1 ansi-bold") for coloured
// text, "control" for a control character or sequence shown as escapes, "" for plain text. SGR
// sequences change `terminal` and show nothing.
export function styledPieces(text, terminal) {
  if (!CONTROL.test(text)) return [{ text, style: styleOf(terminal) }];
  const pieces = [];
  const plain = (part) => {
    for (const [index, run] of part.split(CONTROL_RUNS).entries()) {
      if (run) pieces.push(index % 2 ? { text: visibleControls(run), style: "control" } : { text: run, style: styleOf(terminal) });
    }
  };
  let at = 0;
  for (const match of text.matchAll(SEQUENCE)) {
    plain(text.slice(at, match.index));
    at = match.index + match[0].length;
    const sgr = SGR.exec(match[0]);
    if (sgr) applySgr(terminal, sgr[1]);
    else pieces.push({ text: visibleControls(match[0]), style: "control" });
  }
  plain(text.slice(at));
  return pieces;
}

function styleOf({ fg, bg, bold }) {
  return [fg !== null && `ansi-fg-${fg}`, bg !== null && `ansi-bg-${bg}`, bold && "ansi-bold"].filter(Boolean).join(" ");
}

// SGR parameters: 0 reset, 1 bold, 22 normal, 30–37 / 90–97 colour, 39 default colour, 40–47 /
// 100–107 background, 49 default background; 38/48 (256 or RGB colours) are skipped with their
// arguments; others change nothing.
function applySgr(terminal, params) {
  const codes = params === "" ? [0] : params.split(";").map(Number);
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i];
    if (code === 0) Object.assign(terminal, newTerminal());
    else if (code === 1) terminal.bold = true;
    else if (code === 22) terminal.bold = false;
    else if (code >= 30 && code <= 37) terminal.fg = code - 30;
    else if (code >= 90 && code <= 97) terminal.fg = code - 90 + 8;
    else if (code === 39) terminal.fg = null;
    else if (code >= 40 && code <= 47) terminal.bg = code - 40;
    else if (code >= 100 && code <= 107) terminal.bg = code - 100 + 8;
    else if (code === 49) terminal.bg = null;
    else if (code === 38 || code === 48) i += codes[i + 1] === 5 ? 2 : codes[i + 1] === 2 ? 4 : 0;
  }
}
