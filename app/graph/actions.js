// The graph panel's state changes (state.graphs[key], one panel per run key) and its questions to
// Python (python.askGraph → app/py/course_graph.py). A run records its graph only while its panel
// is open; opening the panel after a run that was not recorded runs the program again.
import { state, update } from "../store.js";

let python = null;

export function connectGraph(services) {
  ({ python } = services);
}

const fresh = () => ({ open: false, run: 0, built: undefined, tensors: null, selected: null, graph: null, steps: null, step: 0, playing: false, tangents: [], transforms: [], tangentView: null, tangentCall: null, transformsDropped: null, node: null, values: {}, line: null, gradcheck: null, expanded: [], boxNames: {}, textOpen: false, busy: null, error: null });
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
    stopPlaying(key);
    Object.assign(panel, { ...fresh(), open: panel.open, expanded: moduleBoxes(panel.expanded), boxNames: panel.boxNames, textOpen: panel.textOpen, run: panel.run + 1,
      tensors: result.graph?.tensors ?? null, tangents: result.graph?.tangents ?? [], transforms: result.graph?.transforms ?? [], transformsDropped: result.graph?.transforms_dropped ?? null, built: result.graph_built ?? (result.graph ? result.graph.tensors.length > 0 : undefined) });
  });
  const tensors = state.graphs[key].tensors;
  if (!tensors?.length) return;
  const own = tensors.filter((t) => t.view?.kind !== "func"); // not a transform's inner graph, where there is another
  selectTensor(key, firstPick(own.length ? own : tensors).name);
}

// What the last backward() started from (the loss), else the last scalar with a history.
const firstPick = (tensors) => tensors.findLast((t) => t.backward) ?? tensors.findLast((t) => t.scalar) ?? tensors.at(-1);

// The run's graphs (views/graph.js draws one at a time): the program's own, each graph a backward
// pass built with create_graph=True (by order), each a torch.func transform built (by line); and
// each torch.func call that ran forward mode (jvp, jacfwd) and built no graph backward could walk,
// as a view of the tangents it pushed forward ("tangents", by line; `transforms` as the run sent them).
export function graphViews(tensors, transforms = []) {
  const views = new Map();
  for (const tensor of tensors ?? []) {
    const view = tensor.view ?? { id: "forward", kind: "forward" };
    if (!views.has(view.id)) views.set(view.id, { ...view, tensors: [] });
    views.get(view.id).tensors.push(tensor);
  }
  for (const run of transforms ?? []) {
    if (run.kinds.includes("jvp") && !views.has(`func:${run.line}`)) views.set(`tangents:${run.line}`, { id: `tangents:${run.line}`, kind: "tangents", ...run, tensors: [] });
  }
  const rank = (view) => [{ forward: 0, gradient: 1, func: 2, tangents: 2 }[view.kind], view.order ?? 0, view.line ?? 0];
  return [...views.values()].sort((a, b) => rank(a).reduce((d, value, i) => d || value - rank(b)[i], 0));
}

// The view shown: a forward-mode call's the learner chose (or the only kind there is), else the
// chosen tensor's.
export function currentView(panel) {
  const views = graphViews(panel.tensors, panel.transforms);
  return views.find((view) => view.id === panel.tangentView) ?? views.find((view) => view.tensors.some((t) => t.name === panel.selected)) ?? views.find((view) => view.kind === "tangents");
}

function selectView(key, id) {
  const panel = state.graphs[key];
  const view = graphViews(panel?.tensors, panel?.transforms).find((v) => v.id === id);
  if (!view) return;
  update((s) => {
    Object.assign(panelOf(s, key), { tangentView: view.kind === "tangents" ? id : null, tangentCall: null });
  });
  if (view.tensors.length && !view.tensors.some((t) => t.name === panel.selected)) selectTensor(key, firstPick(view.tensors).name);
}

// Before a program has run: whether it looks like it builds a graph (offers "Show graph").
export const mayBuildGraph = (code) => /requires_grad|\bnn\.|backward|autograd|torch\.func/.test(code ?? "");

// The program line of the selected node (the editor highlights it), or null.
export function selectedLine(panel) {
  if (!panel?.open || panel.node === null || !panel.graph) return null;
  return panel.graph.nodes[panel.node]?.line ?? null;
}

// (export node id:slot) -> { value, grad } for each edge backward has sent a gradient along by step `upTo`.
export function edgeGradients(steps, upTo) {
  const sent = new Map();
  for (const step of steps.slice(0, upTo + 1)) for (const send of step.sends ?? []) sent.set(`${step.node}:${send.slot}`, send);
  return sent;
}

// export node id -> the gradient it received, for each node backward reached by step `upTo`.
export function reachedNodes(steps, upTo) {
  const reached = new Map();
  for (const step of steps.slice(0, upTo + 1)) reached.set(step.node, step.accumulate?.note === "transform" ? step.accumulate.incoming : step.accumulate ? `${step.accumulate.leaf}.grad = ${step.accumulate.after ?? step.accumulate.incoming}` : step.incoming.map((i) => i.value ?? "None").join(", "));
  return reached;
}

async function ask(key, request) {
  const run = state.graphs[key].run;
  const answer = await python.askGraph(request);
  return state.graphs[key]?.run === run ? answer : null; // a newer run made the answer stale
}

async function selectTensor(key, name) {
  update((s) => {
    const panel = panelOf(s, key);
    Object.assign(panel, { selected: name, tangentView: null, graph: null, steps: null, step: 0, node: null, values: {}, gradcheck: null, busy: "graph", error: null, expanded: moduleBoxes(panel.expanded) });
  });
  const graph = await ask(key, { what: "graph", name });
  if (!graph) return;
  update((s) => {
    Object.assign(panelOf(s, key), { graph: graph.error ? null : graph, busy: graph.error ? null : "steps", error: graph.error ?? null });
  });
  if (graph.error) return;
  // The stepper's data comes second, its first steps only: Python describes the others as the
  // learner steps on (on a 5,000-node graph, all of them would take seconds).
  const steps = await ask(key, { what: "steps", name });
  if (!steps || state.graphs[key].selected !== name) return;
  update((s) => {
    Object.assign(panelOf(s, key), { steps, busy: null });
  });
}

const STEPS_CHUNK = 64; // steps asked for at once past the ones described (course_graph.py's chunk)
const fetchingSteps = new Set(); // run keys whose panel is asking Python for more steps

// Has Python describe the steps up to `upTo` that it has not yet (every earlier one too: the
// edges show what each step before it sent); the step shown waits for them ("loading").
async function loadSteps(key, upTo) {
  const steps = state.graphs[key]?.steps;
  if (!steps || fetchingSteps.has(key) || steps.steps.length > upTo || steps.steps.length >= steps.count) return;
  const first = steps.steps.length;
  fetchingSteps.add(key);
  let more;
  try {
    more = await ask(key, { what: "steps", name: state.graphs[key].selected, first, end: Math.max(upTo + 1, first + STEPS_CHUNK) });
  } finally {
    fetchingSteps.delete(key);
  }
  if (!more?.steps?.length || more.first !== first || state.graphs[key]?.steps !== steps) return;
  update((s) => {
    panelOf(s, key).steps = { ...steps, count: more.count, error: more.error, steps: [...steps.steps, ...more.steps] };
  });
  loadSteps(key, state.graphs[key].step); // the learner may have stepped further meanwhile
}

// Selects node `id` (a second click lets go of it); its values (output, saved values, .grad) are
// asked for then: the graph's answer carries only what is drawn (a 6,000-node graph's values are
// most of its export).
async function selectNode(key, id) {
  update((s) => {
    const panel = panelOf(s, key);
    panel.node = panel.node === id ? null : id;
    panel.line = null;
  });
  const { node, values, selected } = state.graphs[key];
  if (node === null || values[node]) return;
  const answer = await ask(key, { what: "node", name: selected, id: node });
  if (!answer || state.graphs[key].selected !== selected) return;
  update((s) => {
    const panel = panelOf(s, key);
    panel.values = { ...panel.values, [id]: answer.error ? { ...panel.graph.nodes[id], valuesError: answer.error } : answer };
  });
}

// Node `id` of the shown graph with its values once Python has sent them (`loading` until then).
export function nodeWithValues(panel, id) {
  return panel.values[id] ?? { ...panel.graph.nodes[id], loading: true };
}

// A click on line `line` of the program: its nodes are marked (a second click clears them).
function selectLine(key, line) {
  if (!state.graphs[key]?.graph) return;
  update((s) => {
    const panel = panelOf(s, key);
    panel.line = panel.line === line ? null : line;
  });
}

function setStep(key, step) {
  update((s) => {
    const panel = panelOf(s, key);
    panel.step = Math.max(0, Math.min(step, (panel.steps?.count ?? 1) - 1));
  });
  loadSteps(key, state.graphs[key].step);
}

const PLAY_STEP_MS = 1100; // one backward step per tick while playing
const players = new Map(); // run key -> interval id

function stopPlaying(key) {
  clearInterval(players.get(key));
  players.delete(key);
  if (state.graphs[key]?.playing) update((s) => (panelOf(s, key).playing = false));
}

// Plays the backward pass one step per PLAY_STEP_MS from the current step (from the first when at
// the end); pressing again pauses.
function togglePlay(key) {
  const panel = state.graphs[key];
  if (!panel?.steps?.count) return;
  if (panel.playing) return stopPlaying(key);
  const count = panel.steps.count;
  update((s) => {
    const p = panelOf(s, key);
    if (p.step >= count - 1) p.step = 0;
    p.playing = true;
  });
  players.set(key, setInterval(() => {
    const p = state.graphs[key];
    if (!p?.playing || p.step >= count - 1) return stopPlaying(key);
    setStep(key, p.step + 1);
    if (state.graphs[key].step >= count - 1) stopPlaying(key);
  }, PLAY_STEP_MS));
}

// Opens the box `group` (drawn as `name`), or folds it again when open. The "more" boxes count:
// folding one again draws MAX_DRAWN fewer boxes (the last "more" opened).
function toggleGroup(key, group, name) {
  update((s) => {
    const panel = panelOf(s, key);
    if (!panel.expanded.includes(group)) {
      panel.expanded = [...panel.expanded, group];
      panel.boxNames = { ...panel.boxNames, [group]: name ?? group };
      return;
    }
    const folded = group.startsWith("more:") ? panel.expanded.findLast((g) => g.startsWith("more:")) : group;
    panel.expanded = panel.expanded.filter((g) => g !== folded);
  });
}

// A forward-mode call's view shows the tangents of one call of its line: `call` (null: the last).
function selectCall(key, call) {
  update((s) => {
    panelOf(s, key).tangentCall = call;
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
  selectView: (id) => selectView(key, id),
  selectNode: (id) => selectNode(key, id),
  selectLine: (line) => selectLine(key, line),
  setStep: (step) => (stopPlaying(key), setStep(key, step)),
  play: () => togglePlay(key),
  toggleGroup: (group, name) => toggleGroup(key, group, name),
  gradcheck: () => runGradcheck(key),
  showText: (open) => showText(key, open),
  selectCall: (call) => selectCall(key, call),
});
