// embed.js: the one script a docs page includes. It defines <torch-cell> (cell.js) and sizes the
// page's iframes of our embed.html to their content (frame-height.js).
import { TorchCell } from "./cell.js";
import { sizeFrames } from "./frame-height.js";

if (!customElements.get("torch-cell")) {
  customElements.define("torch-cell", TorchCell);
  sizeFrames(new URL(import.meta.url).origin);
}
