// The graph panel: the tensors a run left, the graph behind the chosen one (SVG laid out by dagre,
// zoom and pan, a nested list as its text alternative), node details, the backward stepper and
// the gradient check. `graphPanel(panel, handlers)` is self-contained: any view that keeps a panel
// state (graph/actions.js) can mount it. Test hooks: graph-panel, graph-node (data-node-id,
// data-line, data-label), graph-edge (data-from, data-to, data-grad), graph-step, graph-play,
// gradcheck (data-state pass/fail) — see docs/testing.md.
import { html, svg, nothing } from "lit-html";
import { ref } from "lit-html/directives/ref.js";
import { strings } from "../strings.js";
import { mistakeForMessage } from "../mistakes.js";
import { currentView, edgeGradients, graphViews, mayBuildGraph, nodeWithValues, reachedNodes } from "../graph/actions.js";
import { COLLAPSE_ABOVE, LABEL_CHARS, layout, nodeLines, shapeText, visibleGraph } from "../graph/layout.js";

// Read at each render (not once at load), so the panel speaks the language chosen since.
const t = new Proxy({}, { get: (_, key) => strings.graph[key] });

// The toggle that opens the panel (the panel itself shows only when open): offered where the last
// run built a graph, or, before any run, where the code looks like it will (`code`).
export const graphToggle = (panel, handlers, code) =>
  panel?.open || (panel?.built ?? (code === undefined || mayBuildGraph(code)))
    ? html`<button type="button" data-testid="graph-toggle" aria-expanded=${panel?.open ? "true" : "false"} @click=${handlers.toggle}>${panel?.open ? t.hide : t.show}</button>`
    : nothing;

export function graphPanel(panel, handlers) {
  if (!panel?.open) return nothing;
  const view = panel.tensors === null ? undefined : currentView(panel);
  return html`
    <section class="graph-panel" data-testid="graph-panel" aria-label=${t.title} @keydown=${(e) => stepKeys(e, panel, handlers)}>
      <h3>${t.title}</h3>
      ${panel.tensors === null
        ? html`<p class="note">${t.runFirst}</p>`
        : panel.tensors.length === 0 && !view
          ? html`<p class="note" data-testid="graph-empty">${panel.tangents?.length ? t.noTensorsForward : t.noTensors}</p>${panel.tangents?.length ? forwardView(panel.tangents) : nothing}`
          : html`
              ${viewSwitch(panel, handlers)}
              ${view?.kind === "tangents"
                ? tangentsView(panel, view, handlers)
                : html`
                  ${picker(panel, view?.tensors ?? panel.tensors, view?.kind === "func" ? "call" : "number", handlers)}
                  ${panel.error ? html`<p class="stderr" data-testid="graph-error">${panel.error}</p>` : nothing}
                  ${panel.busy === "graph" ? html`<p class="note">${t.loading}</p>` : nothing}
                  ${panel.graph ? graphBody(panel, handlers) : nothing}`}
            `}
    </section>
  `;
}

// The tensor picker of a view. A view of more than 2 × PICK_ENDS tensors (a loop calling a
// transform 1,000 times) lists its first and last PICK_ENDS and the chosen one, and a number input
// picks any of them (`kind`: "call" where the k-th is the k-th call of a line).
const PICK_ENDS = 10;

function picker(panel, tensors, kind, handlers) {
  const chosen = tensors.findIndex((tensor) => tensor.name === panel.selected);
  const many = tensors.length > 2 * PICK_ENDS;
  const listed = many ? tensors.filter((_, i) => i < PICK_ENDS || i >= tensors.length - PICK_ENDS || i === chosen) : tensors;
  const option = (tensor) => html`<option value=${tensor.name} ?selected=${tensor.name === panel.selected}>${rootName(tensor.name)} — ${tensor.grad_fn ?? t.leaf} ${shapeText(tensor)}</option>`;
  return html`
    <label class="graph-pick">${t.pick}
      <select data-testid="graph-tensor" @change=${(e) => handlers.selectTensor(e.target.value)}>
        ${listed.slice(0, many ? PICK_ENDS : listed.length).map(option)}
        ${many ? html`<option disabled data-testid="graph-tensor-more">${t.moreListed(tensors.length - listed.length)}</option>${listed.slice(PICK_ENDS).map(option)}` : nothing}
      </select>
    </label>
    ${many ? numberInput(kind, 1, tensors.length, chosen + 1, (k) => handlers.selectTensor(tensors[k - 1].name)) : nothing}`;
}

// A number from `low` to `high` (`value` shown); `pick(k)` once another whole number in range is
// entered (a change event comes again when the field loses focus).
const numberInput = (kind, low, high, value, pick) => html`
  <label class="graph-pick">${t.pickNumber(kind, low, high)}
    <input type="number" data-testid="graph-call" min=${low} max=${high} step="1" .value=${String(value)}
      @change=${(e) => {
        const k = Number(e.target.value);
        if (k === value) return;
        if (Number.isInteger(k) && k >= low && k <= high) pick(k);
        else e.target.value = String(value);
      }}>
  </label>`;

// A torch.func call that ran forward mode only (jvp, jacfwd): the tangents of one of its calls,
// each with the op that pushed it forward and the tangents it came from (no graph: see the help).
function tangentsView(panel, view, handlers) {
  const mine = panel.tangents.filter((dual) => dual.transform === view.line);
  const calls = [...new Set(mine.map((dual) => dual.call))];
  const call = calls.includes(panel.tangentCall) ? panel.tangentCall : calls.at(-1);
  const shown = mine.filter((dual) => dual.call === call);
  const position = new Map(shown.map((dual, k) => [dual.number, k + 1]));
  return html`<div class="graph-forward" data-testid="graph-forward-call" data-line=${view.line} data-call=${call ?? ""}>
    ${calls.length > 1 ? numberInput("call", calls[0], calls.at(-1), call, handlers.selectCall) : nothing}
    ${calls[0] > 1 ? html`<p class="help">${t.tangentsNotKept(calls[0] - 1)}</p>` : nothing}
    ${shown.length ? html`<p class="help">${t.tangentsOf(call, view.calls)}</p>` : nothing}
    <ol>${shown.map((dual) => html`<li data-testid="graph-tangent" data-op=${dual.op ?? ""} data-label=${dual.label ?? ""} data-tangent=${dual.tensor.tangent?.repr ?? ""}>
      ${dual.op === "make_dual" ? html`<code>make_dual</code> (${t.dualInput})` : dual.op ? html`<code>${dual.op}(${dual.sources.map((n) => (position.has(n) ? `#${position.get(n)}` : "…")).join(", ")})</code>` : t.otherTangent}
      = ${valueText(dual.tensor)} — ${t.tangent} <code>${dual.tensor.tangent?.repr}</code></li>`)}</ol>
  </div>`;
}

// An unnamed root's name in the picker: "backward() @ <line>" or "torch.func @ <line>", " #<k>" for
// the k-th call on that line.
function rootName(name) {
  const [, kind, line, call] = name.match(/^(backward\(\)|torch\.func) @ (\d+)(?: #(\d+))?$/) ?? [];
  if (!kind) return name;
  return kind === "torch.func" ? t.funcRoot(line, call) : t.backwardRoot(line, call);
}

const viewName = (view) => (view.kind === "gradient" ? t.viewGradient(view.order, view.line) : view.kind === "func" ? t.viewFunc(view.line) : view.kind === "tangents" ? t.viewTangents(view.line) : t.viewForward);

// The run's graphs, one drawn at a time: the program's own, the gradient's graph (create_graph=True),
// a torch.func transform's; with what the chosen one is. (One graph alone gets no switch.)
function viewSwitch(panel, handlers) {
  const views = graphViews(panel.tensors, panel.transforms);
  const view = currentView(panel);
  if (views.length < 2 && (!view || view.kind === "forward")) return nothing;
  const help = view?.kind === "gradient" ? t.viewGradientHelp(view.order, view.code)
    : view?.kind === "func" ? `${t.viewFuncHelp(view.transforms, view.code, panel.transformsDropped)}${view.transforms.includes("jvp") ? ` ${t.viewFuncForward}` : ""}`
      : view?.kind === "tangents" ? t.viewTangentsHelp(view.kinds, view.code, view.calls) : t.viewForwardHelp;
  return html`
    ${views.length > 1
      ? html`<div class="graph-views" data-testid="graph-views" role="group" aria-label=${t.views}>
          ${views.map((v) => html`<button type="button" data-testid="graph-view-tab" data-view=${v.id} data-kind=${v.kind}
            aria-pressed=${v.id === view?.id ? "true" : "false"} @click=${() => handlers.selectView(v.id)}>${viewName(v)}</button>`)}
        </div>`
      : nothing}
    ${view ? html`<p class="help graph-view-help" data-testid="graph-view-help" data-kind=${view.kind}><strong>${viewName(view)}.</strong> ${help}</p>` : nothing}`;
}

// export -> (the boxes the learner opened -> the drawn graph): a graph is laid out once for each
// state it is shown in (closing a box again, or going back, costs nothing)
const layouts = new WeakMap();

function drawnGraph(panel) {
  const key = panel.expanded.join("|");
  const known = layouts.get(panel.graph) ?? layouts.set(panel.graph, new Map()).get(panel.graph);
  if (!known.has(key)) known.set(key, layout(visibleGraph(panel.graph, panel.expanded, panel.graph.nodes.length > COLLAPSE_ABOVE)));
  return known.get(key);
}

function graphBody(panel, handlers) {
  const drawn = drawnGraph(panel);
  const step = panel.steps?.steps?.[panel.step];
  const node = panel.node !== null ? nodeWithValues(panel, panel.node) : null;
  return html`
    <div class="graph-view">
      <div class="graph-zoom" role="group" aria-label=${t.zoom}>
        <button type="button" data-testid="graph-zoom-in" @click=${(e) => zoomBy(e, 1.25)} aria-label=${t.zoomIn}>+</button>
        <button type="button" data-testid="graph-zoom-out" @click=${(e) => zoomBy(e, 0.8)} aria-label=${t.zoomOut}>−</button>
        <button type="button" data-testid="graph-zoom-reset" @click=${(e) => zoomBy(e, 0)}>${t.fit}</button>
      </div>
      ${drawn.opened.length ? openedBoxes(drawn.opened, panel.boxNames, handlers) : nothing}
      ${graphSvg(drawn, panel, step, handlers)}
    </div>
    ${forwardView(panel.tangents)}
    ${node ? nodeDetails(node, handlers) : html`<p class="help">${t.clickNode}</p>`}
    ${panel.steps ? stepper(panel, handlers) : nothing}
    ${gradcheck(panel, handlers)}
    <details class="graph-text" data-testid="graph-text-toggle" ?open=${panel.textOpen} @toggle=${(e) => e.target.open !== panel.textOpen && handlers.showText(e.target.open)}>
      <summary>${t.asText}</summary>
      ${panel.textOpen ? textTree(panel.graph) : nothing}
    </details>
  `;
}

// The boxes the learner opened that this graph has open, each a button that folds it again
// (a box opened inside it stays open for when it is opened again).
const openedBoxes = (opened, names, handlers) => html`
  <div class="graph-opened" data-testid="graph-opened" role="group" aria-label=${t.openedBoxes}>
    <span class="help">${t.openedBoxes}</span>
    ${opened.map((group) => html`<button type="button" data-testid="graph-refold" data-group=${group} aria-label=${t.refold(names[group] ?? group.split("@")[0])}
      @click=${() => handlers.toggleGroup(group)}>⊟ ${clip(names[group] ?? group.split("@")[0], 40)}</button>`)}
  </div>`;

// Keyboard stepping anywhere in the panel (not while typing in its picker): ← → step, Home/End.
function stepKeys(event, panel, handlers) {
  if (!panel.steps?.count || event.target.closest("select, input, textarea, code-editor")) return;
  const to = { ArrowRight: panel.step + 1, ArrowLeft: panel.step - 1, Home: 0, End: panel.steps.count - 1 }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  handlers.setStep(to);
  keepFocus(event.currentTarget);
}

// A step button disabled at either end lets go of the focus, and the keys would stop stepping:
// the focus moves to the other step button.
function keepFocus(panelElement) {
  requestAnimationFrame(() => {
    const focused = document.activeElement?.shadowRoot?.activeElement ?? document.activeElement;
    if (focused && focused !== document.body && !focused.disabled) return;
    panelElement.querySelector('[data-testid="graph-step-prev"]:not([disabled]), [data-testid="graph-step-next"]:not([disabled])')?.focus();
  });
}

function graphSvg(drawn, panel, step, handlers) {
  const current = step ? `node:${step.node}` : null;
  const order = currentView(panel)?.order ?? 0; // a gradient's graph: nodes of lower orders are drawn dashed
  const width = Math.max(drawn.width, 1);
  const height = Math.max(drawn.height, 1);
  const grads = panel.steps?.steps ? edgeGradients(panel.steps.steps, panel.step) : new Map();
  const reached = panel.steps?.steps ? reachedNodes(panel.steps.steps, panel.step) : new Map();
  const failed = panel.steps?.error?.node ?? null;
  // Drawn at 1 px per layout unit in a scrolling box: zoom scales the SVG, panning scrolls. A
  // drawing wider than its box (a phone) starts fitted to the width.
  return html`<div class="graph-canvas" data-testid="graph-canvas" @pointerdown=${startPan} @wheel=${wheelZoom} ${ref((canvas) => canvas && fitWidthOnce(canvas, drawn))}>
    <svg class="graph-svg" data-testid="graph-svg" viewBox="0 0 ${width} ${height}" width=${width} height=${height}
      data-width=${width} data-height=${height} role="group" aria-label=${t.svgLabel(panel.selected, panel.graph.nodes.length)}>
      <defs><marker id="graph-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z"></path></marker></defs>
      ${drawn.edges.map((edge) => drawnEdge(edge, grads, step))}
      ${drawn.nodes.map((entry) => drawnNode(entry, panel, current, handlers, reached, failed, order))}
    </svg>
  </div>`;
}

// A value written on the drawing, cut to fit beside its node or edge (the stepper and the hooks
// carry it whole).
const clip = (text, length = LABEL_CHARS) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

const fitted = new WeakMap(); // canvas -> the drawing it was last fitted for

function fitWidthOnce(canvas, drawn) {
  if (fitted.get(canvas) === drawn) return;
  fitted.set(canvas, drawn);
  requestAnimationFrame(() => {
    const fit = canvas.clientWidth / Math.max(drawn.width, 1);
    if (fit < 1) setZoom(canvas, Math.max(fit, 0.1), { x: 0, y: 0 });
  });
}

// One next_functions entry: its arrow, its input's name where it is one of parallel edges (x * x:
// self, other), and once backward has sent a gradient along it, that gradient.
function drawnEdge(edge, grads, step) {
  const data = edge.edge;
  const from = data ? data.from : undefined;
  const sent = data ? grads.get(`${data.from}:${data.slot}`) : undefined;
  const active = data && step && step.node === data.from;
  const mid = edge.points[Math.floor(edge.points.length / 2)];
  const label = data && edge.parallel ? `${data.input ?? data.slot}${data.input_nr ? ` #${data.input_nr}` : ""}` : null;
  // Parallel edges' labels go outwards, each beside its own line (x * x: "self" left, "other" right).
  const side = edge.side ?? 0;
  const anchor = side < 0 ? "end" : side > 0 ? "start" : "middle";
  return svg`<g class="graph-edge-group${active ? " active" : ""}${sent ? " sent" : ""}" data-testid=${data ? "graph-edge" : "graph-box-edge"}
      data-from=${from ?? nothing} data-to=${data ? data.to : nothing} data-slot=${data ? data.slot : nothing} data-input=${data?.input ?? nothing}
      data-grad=${sent?.grad ?? nothing}>
    <polyline class="graph-edge" marker-end="url(#graph-arrow)" points=${edge.points.map((p) => `${p.x},${p.y}`).join(" ")}></polyline>
    ${label ? svg`<text class="edge-label" x=${mid.x + 4 * side} y=${mid.y + (side ? 2 : -4)} text-anchor=${anchor}>${label}</text>` : nothing}
    ${sent ? svg`<text class="edge-grad" x=${mid.x + (side < 0 ? -6 : 6)} y=${mid.y + (side ? 14 : 10)} text-anchor=${side < 0 ? "end" : "start"}>${clip(sent.value ?? "None")}</text>` : nothing}
  </g>`;
}

function drawnNode(entry, panel, current, handlers, reached, failed, order) {
  const lines = nodeLines(entry);
  const x = entry.x - entry.width / 2;
  const y = entry.y - entry.height / 2;
  const activate = () => (entry.kind === "group" ? handlers.toggleGroup(entry.group, entry.name) : handlers.selectNode(entry.node.id));
  const selected = entry.node && panel.node === entry.node.id;
  const linked = entry.node && panel.line !== null && panel.line !== undefined && entry.node.line === panel.line;
  const grad = entry.node ? reached.get(entry.node.id) : undefined;
  const error = entry.node && entry.node.id === failed;
  const lower = entry.node?.kind === "function" && (entry.node.order ?? 0) < order;
  const classes = `graph-node ${entry.kind}${selected ? " selected" : ""}${entry.key === current ? " current" : ""}${linked ? " linked" : ""}${error ? " error" : ""}${lower ? " lower-order" : ""}`;
  return svg`<g class=${classes} data-testid=${entry.kind === "group" ? "graph-group" : "graph-node"} data-name=${entry.name}
      data-id=${entry.node?.id ?? entry.group} data-node-id=${entry.node?.id ?? nothing} data-line=${entry.node?.line ?? nothing}
      data-label=${entry.node?.label ?? nothing} data-order=${entry.node?.kind === "function" ? (entry.node.order ?? 0) : nothing} tabindex="0" role="button"
      @click=${activate} @keydown=${(e) => (e.key === "Enter" || e.key === " ") && (e.preventDefault(), activate())}>
    <rect x=${x} y=${y} width=${entry.width} height=${entry.height} rx="6"></rect>
    ${lines.map((line, i) => svg`<text x=${entry.x} y=${entry.y + (i - (lines.length - 1) / 2) * 15 + 4} class=${i ? "sub" : ""}>${line}</text>`)}
    ${entry.node?.tensor?.tangent ? svg`<text class="node-tangent" data-testid="graph-node-tangent" x=${x + entry.width + 4} y=${y + 12}>${clip(`ṫ = ${numbers(entry.node.tensor.tangent.value ?? shapeText(entry.node.tensor.tangent))}`, 16)}</text>` : nothing}
    ${error
      ? svg`<text class="node-error" x=${x} y=${y + entry.height + 12}>${clip(`⚠ ${t.errorHere}`)}</text>`
      : grad !== undefined ? svg`<text class="node-grad" data-testid="graph-node-grad" x=${x} y=${y + entry.height + 12}><title>${t.gradShort(grad)}</title>${clip(t.gradShort(grad))}</text>` : nothing}
  </g>`;
}

// ---- zoom and pan: they change the SVG's size and the box's scroll position directly (a view
// detail, not app state; a new graph starts at 1:1 again) ----
function setZoom(canvas, zoom, focus = { x: canvas.clientWidth / 2, y: canvas.clientHeight / 2 }) {
  const svgElement = canvas.querySelector("svg");
  const old = Number(canvas.dataset.zoom ?? 1);
  const next = Math.min(4, Math.max(0.1, zoom));
  canvas.dataset.zoom = String(next);
  svgElement.setAttribute("width", String(svgElement.dataset.width * next));
  svgElement.setAttribute("height", String(svgElement.dataset.height * next));
  // keep the point under `focus` where it was
  canvas.scrollLeft = ((canvas.scrollLeft + focus.x) * next) / old - focus.x;
  canvas.scrollTop = ((canvas.scrollTop + focus.y) * next) / old - focus.y;
}

function zoomBy(event, factor) {
  const canvas = event.currentTarget.closest(".graph-view").querySelector(".graph-canvas");
  if (!factor) {
    const svgElement = canvas.querySelector("svg");
    const fit = Math.min(1, canvas.clientWidth / svgElement.dataset.width, canvas.clientHeight / svgElement.dataset.height);
    return setZoom(canvas, fit, { x: 0, y: 0 });
  }
  setZoom(canvas, Number(canvas.dataset.zoom ?? 1) * factor);
}

function wheelZoom(event) {
  if (!event.ctrlKey && !event.metaKey) return; // a plain wheel scrolls the page and the box
  event.preventDefault();
  const canvas = event.currentTarget;
  const box = canvas.getBoundingClientRect();
  setZoom(canvas, Number(canvas.dataset.zoom ?? 1) * (event.deltaY > 0 ? 0.87 : 1.15), { x: event.clientX - box.left, y: event.clientY - box.top });
}

function startPan(event) {
  if (event.button !== 0 || event.target.closest(".graph-node, .graph-group")) return;
  const canvas = event.currentTarget;
  const start = { x: event.clientX, y: event.clientY, left: canvas.scrollLeft, top: canvas.scrollTop };
  canvas.setPointerCapture(event.pointerId);
  const move = (e) => {
    canvas.scrollLeft = start.left - (e.clientX - start.x);
    canvas.scrollTop = start.top - (e.clientY - start.y);
  };
  const end = () => {
    canvas.removeEventListener("pointermove", move);
    canvas.removeEventListener("pointerup", end);
  };
  canvas.addEventListener("pointermove", move);
  canvas.addEventListener("pointerup", end);
}

// ---- details, stepper, gradient check, text alternative -----------------------------------
// Values to six significant digits, as the stepper prints them (1210.29, not 1210.286376953125).
const numbers = (value) => (Array.isArray(value) ? `[${value.map(numbers).join(", ")}]` : typeof value === "number" ? String(Number(value.toPrecision(6))) : String(value));

const valueText = (tensor) => {
  if (!tensor) return "";
  if (tensor.repr !== undefined) return tensor.repr;
  const value = tensor.value !== undefined ? ` = ${numbers(tensor.value)}` : "";
  return `${tensor.dtype ?? ""} ${shapeText(tensor)}${value}`;
};

function nodeDetails(node, handlers) {
  const saved = Object.entries(node.saved ?? {});
  return html`
    <div class="graph-details" data-testid="graph-details" data-name=${node.name} data-state=${node.loading ? "loading" : "ready"}>
      <h4>${node.name}${node.label ? html` <span class="label">(${node.label})</span>` : nothing}
        <button type="button" class="close" aria-label=${t.close} @click=${() => handlers.selectNode(node.id)}>×</button></h4>
      <dl>
        <dt>${node.kind === "leaf" ? t.leafValue : node.kind === "constant" ? t.constant : t.output}</dt><dd>${node.loading && node.kind !== "constant" ? t.loading : valueText(node.tensor)}</dd>
        ${node.line ? html`<dt>${t.line}</dt><dd data-testid="graph-node-line">${node.line}</dd>` : nothing}
        ${node.scope?.length ? html`<dt>${t.module}</dt><dd>${node.scope.join(" › ")}</dd>` : nothing}
        ${node.kind === "leaf" && !node.loading
          ? html`<dt>.grad</dt><dd data-testid="graph-leaf-grad" data-kind=${"transform_grad" in node ? "transform" : "grad"}>${"transform_grad" in node ? t.funcGrad(node.transform_grad) : node.grad ? valueText(node.grad) : t.noGrad}</dd>`
          : nothing}
        ${node.saved?.freed
          ? html`<dt>${t.saved}</dt><dd>${t.freed}</dd>`
          : saved.map(([name, value]) => html`<dt><code>${name}</code></dt><dd>${valueText(value)}</dd>`)}
      </dl>
      ${node.valuesError ? html`<p class="stderr">${node.valuesError}</p>` : nothing}
    </div>
  `;
}

const nodeLabel = (graph, id) => {
  const node = graph.nodes[id];
  return node ? (node.label ? `${node.name} (${node.label})` : node.kind === "constant" ? t.noGradientNode : node.name) : "?";
};

// Forward mode: the run's dual tensors in the order their tangents were computed, each tangent as
// PyTorch prints it (the nodes that made them show theirs too: "ṫ = …").
function forwardView(all) {
  const tangents = all?.filter((dual) => dual.transform === undefined); // a transform's are in its own view
  if (!tangents?.length) return html`<p class="help" data-testid="graph-forward-none">${t.forwardNone}</p>`;
  return html`<details class="graph-forward" data-testid="graph-forward" open>
    <summary>${t.forwardHeading}</summary>
    <p class="help">${t.forwardHelp}</p>
    <ol>${tangents.map((dual) => html`<li data-testid="graph-tangent" data-label=${dual.label ?? ""} data-tangent=${dual.tensor.tangent?.repr ?? ""}>
      <code>${dual.label ?? t.unnamed}</code> = ${valueText(dual.tensor)} — ${t.tangent} <code>${dual.tensor.tangent?.repr}</code></li>`)}</ol>
  </details>`;
}

// Where a backward failed, the mistake helper's explanation (mistakes.js) in place of the raw error.
function failure(error) {
  const mistake = mistakeForMessage(error.message);
  return html`<div class="graph-failure" data-testid="graph-error-node" data-node=${error.node ?? ""} data-mistake=${mistake?.id ?? ""}>
    <p><strong>⚠ ${t.failedAt}</strong></p>
    ${mistake ? html`<p>${strings.mistakes[mistake.id]}</p>` : nothing}
    <p class="help"><code>${error.message.split("\n")[0].slice(0, 160)}${error.message.length > 160 ? "…" : ""}</code></p>
  </div>`;
}

function stepper(panel, handlers) {
  const { steps, graph } = panel;
  if (!steps.count) {
    if (steps.error) return html`<div class="graph-step" data-testid="graph-step" data-state="unavailable">${failure(steps.error)}</div>`;
    return nothing;
  }
  const step = steps.steps[panel.step]; // (undefined while Python describes it)
  const last = panel.step >= steps.count - 1;
  return html`
    <div class="graph-step" data-testid="graph-step" data-step=${panel.step} aria-live="polite">
      <h4>${t.stepHeading}</h4>
      <p class="help">${steps.source === "run" ? t.fromRun(steps.seed) : steps.source === "transform" ? t.fromTransform(steps.seed) : steps.source === "run-through" ? t.runThrough(steps.seed) : t.dryRun}</p>
      <div class="toolbar">
        <button type="button" data-testid="graph-step-prev" ?disabled=${panel.step === 0} @click=${(e) => (handlers.setStep(panel.step - 1), keepFocus(e.currentTarget.closest(".graph-panel")))}>${t.previous}</button>
        <span>${t.stepOf(panel.step + 1, steps.count)}</span>
        <button type="button" data-testid="graph-step-next" ?disabled=${last} @click=${(e) => (handlers.setStep(panel.step + 1), keepFocus(e.currentTarget.closest(".graph-panel")))}>${t.next}</button>
        <button type="button" data-testid="graph-play" aria-pressed=${panel.playing ? "true" : "false"} @click=${handlers.play}>${panel.playing ? t.pause : t.play}</button>
      </div>
      <p class="help">${t.keys}</p>
      ${step ? stepBody(graph, step) : html`<p class="note" data-testid="graph-step-loading">${t.loading}</p>`}
      ${steps.error ? failure(steps.error) : nothing}
    </div>
  `;
}

function stepBody(graph, step) {
  return html`
      <p><strong>${nodeLabel(graph, step.node)}</strong></p>
      <ul>
        ${step.incoming.map((incoming, nr) => html`<li>${t.incoming}${step.incoming.length > 1 ? ` #${nr}` : ""}: <code data-testid="graph-step-incoming">${incoming.sum_of ? `${incoming.sum_of.map((c) => c.value).join(" + ")} = ` : ""}${incoming.value ?? "None"}</code>
          ${incoming.sum_of ? html` <span class="help">(${t.summed(incoming.sum_of.map((c) => `${nodeLabel(graph, c.from)}${c.input ? ` [${c.input}]` : ""}`))})</span>` : nothing}</li>`)}
        ${step.hooked ? html`<li data-testid="graph-step-hook">${t.hooked(step.hooked.join(", "), step.incoming.map((i) => i.value ?? "None").join(", "))}</li>` : nothing}
        ${step.retained ? html`<li data-testid="graph-step-retained">${t.retained(step.retained.join(", "), step.incoming[0]?.value ?? "None")}</li>` : nothing}
        ${step.accumulate ? accumulation(step.accumulate) : (step.sends ?? []).map((send) => sendLine(graph, send))}
      </ul>`;
}

function accumulation(acc) {
  if (acc.note === "dry-run") return html`<li data-testid="graph-step-product">${t.wouldAccumulate(acc.leaf, acc.incoming)}</li>`;
  if (acc.note === "transform") return html`<li data-testid="graph-step-product">${t.transformReturns(acc.leaf, acc.incoming)}</li>`;
  const sum = acc.before == null ? acc.after : `${acc.before} + ${acc.incoming} = ${acc.after}`;
  return html`<li data-testid="graph-step-product">${acc.leaf}.grad ${acc.before == null ? "=" : "←"} <code>${sum}</code></li>`;
}

function sendLine(graph, send) {
  if (send.none) return html`<li data-testid="graph-step-none">${send.input ? html`(${send.input}) ` : nothing}${t.noGradient}</li>`;
  return html`<li>${t.to(nodeLabel(graph, send.to))}${send.input ? html` (${send.input})` : nothing}:
    ${send.formula ? html`<code class="formula" data-testid="graph-step-formula">${send.formula}</code>` : nothing}
    ${send.product
      ? html` → <code data-testid="graph-step-product">${send.product}</code>`
      : html`${Object.keys(send.values ?? {}).length ? html` ${t.with} <code>${Object.entries(send.values).map(([name, value]) => `${name} = ${value}`).join(", ")}</code>` : nothing}
          → <code>${send.value ?? "None"}</code>`}</li>`;
}

function gradcheck(panel, handlers) {
  const scalar = panel.tensors.find((tensor) => tensor.name === panel.selected)?.scalar;
  const result = panel.gradcheck;
  const state = result ? (result.passed ? "pass" : "fail") : undefined;
  return html`
    <div class="gradcheck">
      <button type="button" data-testid="gradcheck" data-state=${state ?? ""} ?disabled=${!scalar || panel.busy === "gradcheck"} @click=${handlers.gradcheck}>${t.gradcheck}</button>
      ${scalar ? html`<span class="help">${t.gradcheckHelp}</span>` : html`<span class="help">${t.gradcheckScalar}</span>`}
      ${result?.error ? html`<p class="stderr" data-testid="gradcheck-result" data-state="fail">${result.error}</p>` : nothing}
      ${result && !result.error
        ? html`<table class="gradcheck-result ${state}" data-testid="gradcheck-result" data-state=${state}>
            <caption>${result.passed ? t.gradcheckPass : t.gradcheckFail}</caption>
            <thead><tr><th>${t.leafColumn}</th><th>autograd</th><th>${t.numericColumn}</th><th>${t.errorColumn}</th><th></th></tr></thead>
            <tbody>${result.leaves.map((leaf) => html`<tr data-state=${leaf.passed ? "pass" : "fail"}><td>${leaf.leaf}</td><td>${leaf.autograd}</td><td>${leaf.numeric}</td><td>${leaf.max_error}${leaf.checked < leaf.elements ? ` (${t.sampled(leaf.checked, leaf.elements)})` : ""}</td><td>${leaf.passed ? "✓" : "✗"}</td></tr>`)}</tbody>
          </table>`
        : nothing}
    </div>
  `;
}

// The graph as a nested list from the root: each node lists its inputs; a node met again is named, not repeated.
function textTree(graph) {
  const inputs = new Map(graph.nodes.map((node) => [node.id, []]));
  for (const edge of graph.edges) inputs.get(edge.from).push(edge.to);
  const shown = new Set();
  const item = (id) => {
    const node = graph.nodes[id];
    const again = shown.has(id);
    shown.add(id);
    const text = node.kind === "constant" ? `${t.constantNode} ${valueText(node.tensor)}` : nodeLabel(graph, id);
    return html`<li data-testid="graph-text-node" data-name=${node.name} data-id=${id}>${text}${again ? ` ${t.seenAbove}` : nothing}
      ${!again && inputs.get(id).length ? html`<ul>${inputs.get(id).map(item)}</ul>` : nothing}</li>`;
  };
  return html`<ul data-testid="graph-text">${graph.roots.map(item)}</ul>`;
}
