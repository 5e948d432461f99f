// The line diff of an output against the expected output (rows from grading.js diffOutputs), with
// a legend. Changed lines carry a word as well as a colour ("expected" in green: what should be
// printed; "yours" in red: what was printed instead). Whitespace that differs is drawn (· for a
// space, → for a tab), as are trailing spaces and a missing final newline on changed lines.
import { html, nothing } from "lit-html";
import { strings } from "../strings.js";
import { visibleControls } from "../ansi.js";

// A flood's diff would be tens of thousands of rows: the first ones tell enough.
const ROWS_SHOWN = 200;

// `yoursOnly`: the rows are the learner's lines only (a predict answer whose real output is still a
// secret), so the legend does not speak of expected lines.
export function diffView(rows, { yoursOnly = false } = {}) {
  const tag = { same: "", expected: strings.diffExpected, actual: strings.diffActual };
  const hidden = rows.length - ROWS_SHOWN;
  return html`
    <ul class="diff-legend" data-testid="diff-legend">
      ${yoursOnly ? nothing : html`<li><span class="diff-tag expected">${strings.diffExpected}</span> ${strings.diffLegendExpected}</li>`}
      <li><span class="diff-tag actual">${strings.diffActual}</span> ${yoursOnly ? strings.diffLegendYours : strings.diffLegendActual}</li>
      <li><mark class="diff-mark">ab</mark> ${strings.diffLegendMark}</li>
      ${rows.some(uncountedWhitespace) ? html`<li data-testid="diff-legend-whitespace"><span class="ws">·</span> ${strings.diffLegendWhitespace}</li>` : nothing}
    </ul>
    <pre class="diff" data-testid="diff">${rows.slice(0, ROWS_SHOWN).map(
      (row) =>
        html`<span class="diff-line ${row.op}" data-op=${row.op}><span class="diff-tag ${row.op}">${tag[row.op]}</span><span class="diff-text">${lineText(row)}${row.noFinalNewline
          ? html`<span class="ws" data-testid="diff-no-newline"> ⏎̸ ${strings.diffNoFinalNewline}</span>`
          : nothing}</span></span>`,
    )}</pre>
    ${hidden > 0 ? html`<p class="diff-more" data-testid="diff-more">${strings.diffMore(hidden)}</p>` : nothing}
  `;
}

// Whitespace that grading does not count (trailing spaces, the final newline) is still drawn, faintly.
const uncountedWhitespace = (row) => row.noFinalNewline || (row.op === "same" && row.text !== row.text.trimEnd());

function lineText({ op, text, marks }) {
  if (op === "same") {
    const body = text.trimEnd();
    return body === text ? visibleControls(text) : html`${visibleControls(body)}<span class="ws" data-testid="diff-trailing-space">${visibleWhitespace(text.slice(body.length))}</span>`;
  }
  if (!text) return html`<span class="ws">${strings.diffEmptyLine}</span>`;
  const body = text.trimEnd();
  const parts = [];
  let at = 0;
  for (const [from, to] of marks) {
    const marked = from === to ? html`<mark class="diff-mark gap" data-testid="diff-mark" title=${strings.diffMissingHere}>‸</mark>` : visibleWhitespace(body.slice(from, to));
    parts.push(visibleControls(body.slice(at, from)), from === to ? marked : html`<mark class="diff-mark" data-testid="diff-mark">${marked}</mark>`);
    at = to;
  }
  parts.push(visibleControls(body.slice(at)));
  const trailing = text.slice(body.length);
  return html`${parts}${trailing ? html`<span class="ws trailing">${visibleWhitespace(trailing)}</span>` : nothing}`;
}

// Spaces and tabs drawn as glyphs, each named for screen readers (control characters as ansi.js writes them).
function visibleWhitespace(text) {
  return [...text].map((ch) =>
    ch === " " ? html`<span class="ws" title=${strings.diffSpace}>·</span>` : ch === "\t" ? html`<span class="ws" title=${strings.diffTab}>→</span>` : visibleControls(ch),
  );
}
