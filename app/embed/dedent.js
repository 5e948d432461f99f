// Code and text written inside a page's HTML (a <torch-cell>, a PyScript script).

// What the author typed, without the indentation and blank lines that the page's HTML added.
export function dedent(text) {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  while (lines.length && !lines[0].trim()) lines.shift();
  while (lines.length && !lines[lines.length - 1].trim()) lines.pop();
  const indent = Math.min(...lines.filter((line) => line.trim()).map((line) => /^[ \t]*/.exec(line)[0].length));
  return lines.map((line) => line.slice(indent)).join("\n");
}
