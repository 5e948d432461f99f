// The stylesheet of everything we render into a shadow root on another page (a <torch-cell>, a
// PyScript editor's output): the course's look (style.css) in the page's font and colours (cell.css).
import appStyles from "../style.css" with { type: "text" };
import cellStyles from "./cell.css" with { type: "text" };

export const sheet = new CSSStyleSheet();
sheet.replaceSync(appStyles + cellStyles);
