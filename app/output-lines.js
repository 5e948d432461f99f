// Program output as blocks of whole lines, appended to as chunks arrive. The output panel shows each
// block as its own box, so the browser lays out only the block that changed, not all the text before
// it: a 200,000-character flood stays cheap to append to.
//
// Block: { spans: [{ stream, style, text }], open, blankEnd }  its text without the newline that
// ends it; `style` the span's terminal style (ansi.js: colours, or "control" for control characters
// shown as escapes); `open` while its last line has not ended yet; `blankEnd` when it ends with an
// empty line (which the panel gives a height of its own).
import { newTerminal, styledPieces } from "./ansi.js";

// `terminal`: the colours the output has set so far (ansi.js), which the text continues.
export function appendLines(blocks, stream, text, terminal = newTerminal()) {
  for (const piece of styledPieces(text, terminal)) appendPiece(blocks, stream, piece.style, piece.text);
  return blocks;
}

function appendPiece(blocks, stream, style, text) {
  let rest = text;
  const last = blocks[blocks.length - 1];
  if (last?.open) {
    const end = rest.indexOf("\n");
    const head = end === -1 ? rest : rest.slice(0, end);
    if (head) last.spans.push({ stream, style, text: head });
    if (end === -1) return;
    close(last);
    rest = rest.slice(end + 1);
  }
  const end = rest.lastIndexOf("\n");
  if (end !== -1) blocks.push(close({ spans: [{ stream, style, text: rest.slice(0, end) }] }));
  const tail = rest.slice(end + 1);
  if (tail) blocks.push({ spans: [{ stream, style, text: tail }], open: true, blankEnd: false });
}

function close(block) {
  const text = block.spans.map((span) => span.text).join("");
  return Object.assign(block, { open: false, blankEnd: text === "" || text.endsWith("\n") });
}
