// embed-demo.html's own script: under each example, the markup that makes it, as an author would
// copy it. It runs before embed.js and pyscript-torch.js (module scripts run in page order), so it
// reads each element as the page wrote it.
import { strings } from "../strings.js";

// The element's source without the page's indentation (the whitespace before its first line).
function markupOf(element) {
  const before = element.previousSibling?.nodeType === Node.TEXT_NODE ? element.previousSibling.textContent : "";
  const indent = /[ \t]*$/.exec(before)[0];
  return element.outerHTML
    .replace(/^<[^>]*>/, (tag) => tag.replaceAll('=""', "")) // boolean attributes as an author writes them
    .split("\n")
    .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
    .join("\n");
}

for (const element of document.querySelectorAll("torch-cell, iframe, script[type='py-editor']")) {
  const details = document.createElement("details");
  details.className = "markup";
  details.open = true;
  const summary = document.createElement("summary");
  summary.textContent = strings.embed.markup;
  const pre = document.createElement("pre");
  pre.dataset.testid = "demo-markup";
  pre.textContent = markupOf(element);
  details.append(summary, pre);
  element.after(details);
}
