// Markdown to HTML for lesson text: markdown-it with raw HTML off (so lesson text cannot inject
// markup), plus $…$ and $$…$$ math rendered by KaTeX; markdownBlock/markdownInline put it in templates.
import MarkdownIt from "markdown-it";
import katex from "katex";
import { unsafeHTML } from "lit-html/directives/unsafe-html.js";

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });
// A lesson's figures are SVG data: URLs (tools/course.py inlines course/figures/*.svg), which
// markdown-it refuses by default; in an <img> an SVG runs no script, and the page's CSP allows data: images.
const linkAllowed = markdown.validateLink;
markdown.validateLink = (url) => linkAllowed(url) || /^data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+$/.test(url);

// A formula KaTeX cannot render (even with throwOnError off, deep nesting throws) shows as its
// source, marked, and the rest of the lesson renders.
function renderMath(tex, displayMode) {
  try {
    return katex.renderToString(tex, { displayMode, throwOnError: false, output: "htmlAndMathml" });
  } catch (error) {
    const title = markdown.utils.escapeHtml(`This formula could not be rendered: ${error.message}`);
    return `<code class="math-error" data-testid="math-error" title="${title}">${markdown.utils.escapeHtml(tex)}</code>`;
  }
}

// Inline `$tex$`: the opening `$` is not followed by a space, the closing one not preceded by one,
// so prices like "$5 and $6" stay text.
function inlineMath(state, silent) {
  const { src, pos } = state;
  if (src[pos] !== "$" || src[pos + 1] === "$" || /\s/.test(src[pos + 1] ?? " ")) return false;
  let end = pos + 1;
  while ((end = src.indexOf("$", end)) !== -1 && (src[end - 1] === "\\" || /\s/.test(src[end - 1]))) end += 1;
  if (end === -1 || end === pos + 1) return false;
  // Punctuation right after the maths goes with it, so a line never starts with that "." or ",".
  const punctuation = /^[.,;:!?)\]]*/.exec(src.slice(end + 1))[0];
  if (!silent) Object.assign(state.push("math_inline", "math", 0), { content: src.slice(pos + 1, end), meta: punctuation });
  state.pos = end + 1 + punctuation.length;
  return true;
}

// Block `$$ … $$` on lines of their own (or on one line).
function blockMath(state, startLine, endLine, silent) {
  const first = state.src.slice(state.bMarks[startLine] + state.tShift[startLine], state.eMarks[startLine]).trim();
  if (!first.startsWith("$$")) return false;
  let content = first.slice(2);
  let line = startLine;
  if (content.trimEnd().endsWith("$$") && content.length >= 2) {
    content = content.trimEnd().slice(0, -2);
  } else {
    const lines = [content];
    for (line = startLine + 1; line < endLine; line++) {
      const text = state.src.slice(state.bMarks[line] + state.tShift[line], state.eMarks[line]);
      if (text.trimEnd().endsWith("$$")) {
        lines.push(text.trimEnd().slice(0, -2));
        break;
      }
      lines.push(text);
    }
    if (line >= endLine) return false;
    content = lines.join("\n");
  }
  if (silent) return true;
  state.line = line + 1;
  const token = state.push("math_block", "math", 0);
  token.content = content.trim();
  token.map = [startLine, state.line];
  return true;
}

markdown.inline.ruler.after("escape", "math_inline", inlineMath);
markdown.block.ruler.before("fence", "math_block", blockMath, { alt: ["paragraph", "blockquote", "list"] });
markdown.renderer.rules.math_inline = (tokens, i) =>
  `<span class="math-inline">${renderMath(tokens[i].content, false)}${markdown.utils.escapeHtml(tokens[i].meta)}</span>`;
markdown.renderer.rules.math_block = (tokens, i) => `<div class="math-block">${renderMath(tokens[i].content, true)}</div>`;

// The page re-renders on every state change (a run's output arrives many times a second); lesson
// text is the same each time, so its HTML is made once.
const rendered = new Map();
function renderMarkdown(text) {
  if (!rendered.has(text)) rendered.set(text, markdown.render(text));
  return rendered.get(text);
}
const renderedInline = new Map(); // titles, options and cards: the same few texts on every render
function renderMarkdownInline(text) {
  if (!renderedInline.has(text)) renderedInline.set(text, markdown.renderInline(text));
  return renderedInline.get(text);
}

// For lit-html templates. Raw HTML is disabled above, so the rendered text is safe to insert.
export const markdownBlock = (text) => unsafeHTML(renderMarkdown(text));
export const markdownInline = (text) => unsafeHTML(renderMarkdownInline(text));

// A Markdown title as plain text (for <option>s and the tab title): code spans without backticks.
export const plainText = (markdown) => markdown.replace(/`([^`]*)`/g, "$1");
