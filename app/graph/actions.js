// The graph panel's state changes (state.graphs[key], one panel per run key) and its questions to
// Python (python.askGraph → app/py/course_graph.py). A run records its graph only while its panel
// is open; opening the panel after a run that was not recorded runs the program again.
import { state, update } from "../store.js";

let python = null;

export function connectGraph(services) {
  ({ python } = services);
}

const fresh = () => ({ open: false, run: 0, tensors: null, selected: null, graph: null, steps: null, step: 0, node: null, gradcheck: null, expanded: [], textOpen: false, busy: null, error: null });
const panelOf = (s, key) => (s.graphs[key] ??= fresh());

export const graphRequested = (key) => state.graphs[key]?.open ?? false;

// The opened boxes that still mean the same in another graph: module subgraphs, by the learner's
// names ("model.0"); chain, repeat and "more" boxes are named by node numbers of one export.
const moduleBoxes = (expanded) => expanded.filter((group) => !group.includes(":"));

export function toggleGraph(key, rerun) {
  const open = !graphRequested(key);
  update((s) => {
    panelOf(s, key).open = open;
  });
  if (open && !state.graphs[key].tensors) rerun();
}

// After every run of `key`: what the run recorded (nothing when the panel was closed).
export function receiveRun(key, result) {
  update((s) => {
    const panel = panelOf(s, key);
    Object.assign(panel, { ...fresh(), open: panel.open, expanded: moduleBoxes(panel.expanded), textOpen: panel.textOpen, run: panel.run + 1, tensors: result.graph?.tensors ?? null });
  });
  const tensors = state.graphs[key].tensors;
  if (!tensors?.length) return;
  // The last scalar with a history is usually what the program differentiates (the loss).
  const pick = [...tensors].reverse().find((t) => t.grad_fn && t.scalar) ?? tensors.findLast((t) => t.grad_fn) ?? tensors[0];
  selectTensor(key, pick.name);
}

async function ask(key, request) {
  const run = state.graphs[key].run;
  const answer = await python.askGraph(request);
  return state.graphs[key]?.run === run ? answer : null; // a newer run made the answer stale
}

async function selectTensor(key, name) {
  update((s) => {
    const panel = panelOf(s, key);
    Object.assign(panel, { selected: name, graph: null, steps: null, step: 0, node: null, gradcheck: null, busy: "graph", error: null, expanded: moduleBoxes(panel.expanded) });
  });
  const graph = await ask(key, { what: "graph", name });
  if (!graph) return;
  update((s) => {
    Object.assign(panelOf(s, key), { graph: graph.error ? null : graph, busy: graph.error ? null : "steps", error: graph.error ?? null });
  });
  if (graph.error) return;
  // The stepper's data comes second: on a large graph it takes longer than drawing it.
  const steps = await ask(key, { what: "steps", name });
  if (!steps || state.graphs[key].selected !== name) return;
  update((s) => {
    Object.assign(panelOf(s, key), { steps, busy: null });
  });
}

function selectNode(key, id) {
  update((s) => {
    const panel = panelOf(s, key);
    panel.node = panel.node === id ? null : id;
  });
}

function setStep(key, step) {
  update((s) => {
    const panel = panelOf(s, key);
    panel.step = Math.max(0, Math.min(step, (panel.steps?.steps?.length ?? 1) - 1));
  });
}

function toggleGroup(key, group) {
  update((s) => {
    const panel = panelOf(s, key);
    panel.expanded = panel.expanded.includes(group) ? panel.expanded.filter((g) => g !== group) : [...panel.expanded, group];
  });
}

// The text alternative is built only while it is shown (a large graph's list is most of the page).
function showText(key, open) {
  update((s) => {
    panelOf(s, key).textOpen = open;
  });
}

async function runGradcheck(key) {
  const name = state.graphs[key].selected;
  update((s) => {
    Object.assign(panelOf(s, key), { busy: "gradcheck", gradcheck: null });
  });
  const gradcheck = await ask(key, { what: "gradcheck", name });
  if (!gradcheck) return;
  update((s) => {
    Object.assign(panelOf(s, key), { busy: null, gradcheck });
  });
}

// The panel's handlers for one run key, as views/graph.js takes them.
export const graphHandlers = (key, rerun) => ({
  toggle: () => toggleGraph(key, rerun),
  selectTensor: (name) => selectTensor(key, name),
  selectNode: (id) => selectNode(key, id),
  setStep: (step) => setStep(key, step),
  toggleGroup: (group) => toggleGroup(key, group),
  gradcheck: () => runGradcheck(key),
  showText: (open) => showText(key, open),
});
