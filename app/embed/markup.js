// A <torch-cell>'s markup as an author pastes it into a page (author mode): its attributes as they
// are, the code and the expected output as HTML text.
const escapeText = (text) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
const escapeAttribute = (text) => escapeText(text).replaceAll('"', "&quot;");

export function cellMarkup(cell, code, expected) {
  const attributes = [...cell.attributes]
    .filter(({ name }) => name !== "expected" && name !== "author")
    .map(({ name, value }) => (value === "" ? name : `${name}="${escapeAttribute(value)}"`));
  const indent = (text) => text.split("\n").map((line) => (line ? `  ${line}` : line)).join("\n");
  return [
    `<torch-cell${attributes.map((attribute) => ` ${attribute}`).join("")}>`,
    indent(escapeText(code)),
    "  <template>",
    indent(indent(escapeText(expected.replace(/\n$/, "")))),
    "  </template>",
    "</torch-cell>",
  ].join("\n");
}
