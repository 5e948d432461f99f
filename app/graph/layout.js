// The drawn form of an exported graph (app/py/course_graph.py), laid out by dagre. A large graph
// (over COLLAPSE_ABOVE nodes) is folded first: repeated motifs (a loop's iterations), module
// subgraphs and unbranched chains become boxes that open on click, shared leaves are drawn beside
// each use, and past MAX_DRAWN boxes the rest waits behind a "more" box. Pure functions of their
// inputs, memoized by the view, so an unchanged graph is laid out once.
import dagre from "@dagrejs/dagre";
import { strings } from "../strings.js";

export const COLLAPSE_ABOVE = 60; // nodes; larger graphs start folded
const CHAR_WIDTH = 7.8; // px per character of the node font (13 px monospace: 0.6 em, as DejaVu Sans Mono)
const NODE_HEIGHT = 40;

// The module subgraph a node belongs to: the innermost module whose forward made it; a parameter
// leaf joins its module's group ("model.0.weight", or "0.weight" as torchviz names it in a program
// with one model: "model.0").
function groupOf(node, groupNames) {
  if (node.kind === "function") return node.scope?.at(-1) ?? null;
  if (node.kind === "leaf" && node.label) return groupNames.get(node.label.slice(0, node.label.lastIndexOf("."))) ?? null;
  return null;
}

// The graph's module paths, each also under its name without the model's variable ("0" for "model.0").
function moduleGroups(graph) {
  const names = new Map();
  for (const node of graph.nodes) {
    const module = node.kind === "function" ? node.scope?.at(-1) : undefined;
    if (!module) continue;
    names.set(module, module);
    const inModel = module.slice(module.indexOf(".") + 1);
    if (module.includes(".") && !names.has(inModel)) names.set(inModel, module);
  }
  return names;
}

// The nodes and edges to draw; `collapseAll` (a large graph) folds it, except the groups in
// `expanded` (those the learner opened): first repeated structure (a loop's iterations: each
// iteration's subgraph, modules and all, is one repeat), then what stays drawn by module (within
// each loop iteration: a training loop's 500 forward passes are not one "model.0" box), then
// unbranched chains, and past MAX_DRAWN boxes the rest waits behind a "more" box. `opened`: the
// groups of `expanded` this graph has open (each can be folded again), in the order they were opened.
export function visibleGraph(graph, expanded, collapseAll) {
  const opened = new Set();
  const groupNames = moduleGroups(graph);
  const drawn = new Map(graph.nodes.map((node) => [`node:${node.id}`, { key: `node:${node.id}`, kind: node.kind, node, name: node.name }]));
  // one drawn edge per next_functions entry (x * x: two, self and other)
  const edges = graph.edges.map((edge) => ({ from: `node:${edge.from}`, to: `node:${edge.to}`, edge }));
  if (collapseAll) {
    splitSharedInputs(drawn, edges);
    let roots = graph.roots.map((id) => `node:${id}`);
    const rename = (renamed) => (roots = roots.map((key) => renamed.get(key) ?? key));
    // what does not depend on the boxes opened is worked out once per graph: opening a box redoes
    // only the folding itself
    if (!spines.has(graph)) spines.set(graph, findRepeats(drawn, edges, roots));
    const { rename: repeated, segment } = foldRepeats(drawn, edges, spines.get(graph), expanded, opened);
    rename(repeated);
    rename(groupModules(drawn, edges, groupNames, segment, expanded, opened));
    rename(collapseChains(drawn, edges, expanded, opened));
    limitDrawn(drawn, edges, roots, expanded, opened);
  }
  return { nodes: [...drawn.values()], edges: dedupe(edges), groupNames, opened: expanded.filter((group) => opened.has(group)) };
}

// Replaces the drawn nodes of each module subgraph (two or more nodes; in one `segment`: the part
// of the graph between loop iterations folded or opened) by one box named after the module.
// Returns the drawn keys it replaced -> the box's key.
function groupModules(drawn, edges, groupNames, segment, expanded, opened) {
  const boxOf = new Map(); // drawn key -> group id
  const sizes = new Map();
  for (const [key, entry] of drawn) {
    const module = entry.node && entry.kind !== "group" ? groupOf(entry.node, groupNames) : null;
    if (!module) continue;
    const where = segment.get(key);
    const group = where ? `${module}@${where}` : module; // (the top segment's ids stay the learner's names)
    boxOf.set(key, group);
    sizes.set(group, (sizes.get(group) ?? 0) + 1);
  }
  const rename = new Map();
  for (const [key, group] of boxOf) {
    if (sizes.get(group) < 2) continue; // a box for one node hides it for nothing
    if (expanded.includes(group)) {
      opened.add(group);
      continue;
    }
    const boxKey = `group:${group}`;
    const box = drawn.get(boxKey) ?? { key: boxKey, kind: "group", group, name: group.split("@")[0], members: [] };
    box.members.push(drawn.get(key).node);
    drawn.set(boxKey, box);
    drawn.delete(key);
    rename.set(key, boxKey);
  }
  renameEnds(edges, rename);
  return rename;
}

// drawn key -> the keys of its inputs, in edge order
const outEdges = (edges) => {
  const outs = new Map();
  for (const edge of edges) (outs.get(edge.from) ?? outs.set(edge.from, []).get(edge.from)).push(edge.to);
  return outs;
};

const MAX_DRAWN = 120; // drawn boxes before the rest waits behind a "more" box (layout time grows fast)

// Keeps the MAX_DRAWN drawn nodes nearest the roots (breadth first) and puts the others into one
// "N more" box; each "more" box the learner opened shows MAX_DRAWN more.
function limitDrawn(drawn, edges, roots, expanded, opened) {
  const more = expanded.filter((group) => group.startsWith("more:"));
  more.forEach((group) => drawn.size > MAX_DRAWN * Number(group.slice(5)) && opened.add(group));
  const limit = MAX_DRAWN * (1 + more.length);
  if (drawn.size <= limit) return;
  const outs = outEdges(edges);
  const kept = new Set();
  const queue = [...new Set(roots)];
  for (let i = 0; i < queue.length && kept.size < limit; i++) {
    if (kept.has(queue[i])) continue;
    kept.add(queue[i]);
    queue.push(...(outs.get(queue[i]) ?? []));
  }
  const group = `more:${limit / MAX_DRAWN}`;
  const key = `group:${group}`;
  const members = new Set(); // (a shared leaf drawn beside each use is one member)
  for (const [k, entry] of [...drawn]) {
    if (kept.has(k)) continue;
    (entry.members ?? [entry.node]).forEach((node) => members.add(node));
    drawn.delete(k);
  }
  drawn.set(key, { key, kind: "group", group, name: strings.graph.moreNodes(members.size), members: [...members] });
  for (const edge of edges) {
    if (!kept.has(edge.from)) edge.from = key;
    if (!kept.has(edge.to)) edge.to = key;
  }
}

// A leaf or constant used by many nodes is drawn once beside each user: one box fed from every
// depth of the graph would pull long edges across all of it (unreadable, and dagre's time grows
// with every rank an edge crosses).
function splitSharedInputs(drawn, edges) {
  const users = new Map();
  for (const edge of edges) (users.get(edge.to) ?? users.set(edge.to, []).get(edge.to)).push(edge);
  for (const [key, incoming] of users) {
    const entry = drawn.get(key);
    if (incoming.length <= 2 || (entry.kind !== "leaf" && entry.kind !== "constant")) continue;
    drawn.delete(key);
    incoming.forEach((edge, i) => {
      edge.to = `${key}@${i}`;
      drawn.set(edge.to, { ...entry, key: edge.to });
    });
  }
}

const CHAIN_MIN = 4;

// Replaces, in `drawn` and `edges`, every unbranched run of CHAIN_MIN or more nodes by one node;
// returns the drawn keys it replaced -> the chain's key.
function collapseChains(drawn, edges, expanded, opened) {
  const outs = outEdges(edges);
  const ins = new Map();
  for (const edge of edges) ins.set(edge.to, (ins.get(edge.to) ?? 0) + 1);
  const next = (key) => {
    const targets = outs.get(key);
    return targets?.length === 1 && ins.get(targets[0]) === 1 && drawn.get(targets[0]).kind === "function" ? targets[0] : null;
  };
  const linkedFrom = new Set([...drawn.keys()].map(next).filter(Boolean));
  const rename = new Map();
  for (const [key, entry] of [...drawn]) {
    if (linkedFrom.has(key) || entry.kind !== "function") continue;
    const run = [key];
    for (let k = next(key); k; k = next(k)) run.push(k);
    const group = `chain:${key}`;
    if (run.length < CHAIN_MIN) continue;
    if (expanded.includes(group)) {
      opened.add(group);
      continue;
    }
    const members = run.map((k) => drawn.get(k).node);
    const names = new Set(members.map((node) => node.name));
    const name = names.size === 1 ? `${members[0].name} ×${members.length}` : strings.graph.chainOps(members.length);
    run.forEach((k) => {
      drawn.delete(k);
      rename.set(k, `group:${group}`);
    });
    drawn.set(`group:${group}`, { key: `group:${group}`, kind: "group", group, name, members });
  }
  renameEnds(edges, rename);
  return rename;
}

// Replaces, in `edges`, every end in `rename` (drawn key -> the group's key) by its group.
function renameEnds(edges, rename) {
  for (const edge of edges) {
    edge.from = rename.get(edge.from) ?? edge.from;
    edge.to = rename.get(edge.to) ?? edge.to;
  }
}

const REPEAT_MIN = 3; // repeats of a motif before it is folded
const REPEAT_PERIOD = 8; // the most spine nodes one repeat may span
const REPEATS_DRAWN_WHOLE = 160; // drawn nodes of an opened run drawn at once; a larger run opens into a box per repeat

// Folds repeated structure that is not a chain: an unrolled loop (a running sum of squares, a
// hand-written RNN step, the losses of a training loop summed) is a spine (from each root, always
// into the input with the longest path below it) whose nodes each own what hangs off them. A run
// of REPEAT_MIN or more equal repeats of one to REPEAT_PERIOD consecutive spine nodes, each with
// an equal hanging part (op names and modules alike: the 12 different layers of one model are
// not a repeat, its forward in each loop iteration is), becomes one box "N× …" that opens on
// click (into its repeats, or for a large run into one box per repeat, "k of N", that opens in
// turn). A plain chain (nothing hangs off) is left to collapseChains.
// findRepeats finds them (for each root, its spine, what each spine node owns, and the runs along
// it); foldRepeats folds them, except those in `expanded`, and returns { rename: the drawn keys it
// replaced -> the box's key, segment: drawn key -> the part of the graph it lies in ("" above the
// first repeat; below a folded run, one segment; in an opened run, one per repeat) }.
const spines = new WeakMap(); // exported graph -> findRepeats' answer

function findRepeats(drawn, edges, roots) {
  const outs = outEdges(edges);
  // drawn key -> the longest path below it, in edges (null while it is being walked)
  const height = new Map();
  for (const root of roots) {
    if (height.has(root)) continue;
    height.set(root, null);
    const stack = [[root, 0]]; // iteratively: graphs can be thousands of nodes deep
    while (stack.length) {
      const top = stack.at(-1);
      const below = outs.get(top[0]) ?? [];
      if (top[1] < below.length) {
        const key = below[top[1]++];
        if (!height.has(key)) height.set(key, null), stack.push([key, 0]);
        continue;
      }
      height.set(top[0], Math.max(-1, ...below.map((key) => height.get(key) ?? -1)) + 1);
      stack.pop();
    }
  }
  const found = [];
  const taken = new Set(); // keys already in a spine (roots can share their lower part)
  for (const root of roots) {
    const spine = [];
    for (let key = root; key !== undefined && !taken.has(key); ) {
      spine.push(key);
      taken.add(key);
      const below = outs.get(key) ?? [];
      key = below.reduce((best, k) => (best === undefined || height.get(k) > height.get(best) ? k : best), undefined);
    }
    // each spine node owns what it reaches that the next spine node does not (bottom up)
    const reached = new Set();
    const owned = spine.map(() => null);
    const signature = spine.map(() => "");
    for (let i = spine.length - 1; i >= 0; i--) {
      const mine = new Set([spine[i]]);
      const stack = [spine[i]];
      while (stack.length) {
        for (const k of outs.get(stack.pop()) ?? []) {
          if (!mine.has(k) && !reached.has(k) && k !== spine[i + 1]) mine.add(k), stack.push(k);
        }
      }
      mine.forEach((k) => reached.add(k));
      owned[i] = mine;
      signature[i] = shapeOf(spine[i], spine[i + 1], mine, outs, drawn);
    }
    // the runs along the spine, from below the root (it stays drawn: it is the tensor the learner chose)
    const runs = [];
    for (let i = 1; i < spine.length; ) {
      const run = repeatAt(signature, i);
      const span = run ? run.period * run.count : 1;
      runs.push({ i, run, span });
      i += span;
    }
    found.push({ spine, owned, runs });
  }
  return found;
}

function foldRepeats(drawn, edges, found, expanded, opened) {
  const rename = new Map();
  const segment = new Map();
  for (const { spine, owned, runs } of found) {
    let part = "";
    const mark = (i, to) => owned[i].forEach((k) => segment.set(k, to));
    mark(0, part);
    for (const { i, run, span } of runs) {
      if (!run || owned.slice(i, i + span).every((mine) => mine.size === 1)) { // no repeat, or a plain chain
        for (let k = i; k < i + span; k++) mark(k, part);
        continue;
      }
      const group = `repeat:${spine[i]}`;
      part = `after ${group}`;
      const keysOf = (from, to) => owned.slice(from, to).flatMap((mine) => [...mine]);
      // (a shared leaf drawn beside each use is one member)
      const membersOf = (keys) => [...new Set(keys.flatMap((k) => drawn.get(k).members ?? [drawn.get(k).node]))];
      const fold = (keys, box) => {
        const members = membersOf(keys);
        const ops = members.filter((node) => node.kind === "function");
        const lines = ops.map((node) => node.line).filter((line) => line !== undefined);
        Object.assign(box, { key: `group:${box.group}`, kind: "group", members, lines: lines.length ? [Math.min(...lines), Math.max(...lines)] : null });
        keys.forEach((k) => {
          drawn.delete(k);
          rename.set(k, box.key);
        });
        drawn.set(box.key, box);
        return ops;
      };
      if (!expanded.includes(group)) {
        const box = { group };
        const ops = fold(keysOf(i, i + span), box);
        const names = [...new Set(ops.map((node) => node.name))];
        box.name = `${run.count}× ${names.slice(0, 2).join(" + ")}${names.length > 2 ? " + …" : ""}`;
        box.ops = ops.length / run.count;
      } else {
        opened.add(group);
        // opened: each repeat drawn, folded by module within it; a large run (a training loop's
        // 500 iterations) shows each repeat as a box of its own first, numbered in program order
        const whole = keysOf(i, i + span).length <= REPEATS_DRAWN_WHOLE;
        for (let m = 0; m < run.count; m++) {
          const from = i + m * run.period;
          const item = `repeat-item:${spine[from]}`;
          if (expanded.includes(item)) opened.add(item);
          if (whole || expanded.includes(item)) {
            for (let k = from; k < from + run.period; k++) mark(k, `${group}#${m}`);
            continue;
          }
          const box = { group: item, name: strings.graph.repeatItem(run.count - m, run.count) };
          box.ops = fold(keysOf(from, from + run.period), box).length;
        }
      }
    }
  }
  renameEnds(edges, rename);
  return { rename, segment };
}

// The structure a spine node owns, as text: names (and modules) in input order, "↓" for the
// next spine node, "*" for a node owned further down, "^" for one met before.
function shapeOf(key, next, mine, outs, drawn) {
  const seen = new Set();
  const visit = (k) => {
    if (k === next) return "↓";
    if (!mine.has(k)) return "*";
    if (seen.has(k)) return "^";
    seen.add(k);
    const below = outs.get(k) ?? [];
    const { name, node } = drawn.get(k);
    const scope = node?.scope?.at(-1);
    return name + (scope ? `[${scope}]` : "") + (below.length ? `(${below.map(visit).join(",")})` : "");
  };
  return visit(key);
}

// The longest run of REPEAT_MIN or more equal repeats starting at spine position `i`.
function repeatAt(signature, i) {
  let best = null;
  for (let period = 1; period <= REPEAT_PERIOD && i + period * REPEAT_MIN <= signature.length; period++) {
    const motif = signature.slice(i, i + period).join("\n");
    let count = 1;
    while (signature.slice(i + count * period, i + (count + 1) * period).join("\n") === motif) count++;
    if (count >= REPEAT_MIN && (!best || period * count > best.period * best.count)) best = { period, count };
  }
  return best;
}

// Edges between the same boxes once (an exact edge, still between its own nodes, kept per slot).
function dedupe(edges) {
  const unique = new Map();
  for (const edge of edges) {
    if (edge.from === edge.to) continue;
    const exact = edge.edge && edge.from === `node:${edge.edge.from}` && edge.to === `node:${edge.edge.to}`;
    if (!exact) delete edge.edge;
    unique.set(`${edge.from}>${edge.to}${exact ? `#${edge.edge.slot}` : ""}`, edge);
  }
  return [...unique.values()];
}

export function nodeLines(entry) {
  if (entry.kind === "group") {
    if (entry.group.startsWith("chain:")) return [entry.name, strings.graph.openChain];
    if (entry.group.startsWith("more:")) return [entry.name, strings.graph.drawMore];
    if (entry.group.startsWith("repeat:")) return [entry.name, strings.graph.openRepeat(entry.ops, entry.lines)];
    if (entry.group.startsWith("repeat-item:")) return [entry.name, strings.graph.openRepeatItem(entry.ops, entry.lines)];
    return [entry.name, strings.graph.groupNodes(entry.members.length)];
  }
  const { node } = entry;
  if (node.kind === "constant") return [strings.graph.noGradientNode, node.tensor?.repr ?? shapeText(node.tensor)];
  return node.label ? [node.name, node.label] : [node.name];
}

export const shapeText = (tensor) => (tensor?.shape ? `[${tensor.shape.join(", ")}]` : "");

// dagre's ranker (the rank phase, given dagre's acyclic graph): each node one rank below its
// lowest user. An input hangs right under the op that uses it, where dagre's own rankers put the
// leaves of a graph on its bottom rank, far from their users: long edges, each a chain of dummy
// nodes to order and place (5-7× the time on an opened MLP step, which is also 9× as wide, and
// about 10× on an opened sum of squares).
function rankBelowUsers(g) {
  for (const v of dagre.graphlib.alg.topsort(g)) {
    g.node(v).rank = Math.max(0, ...g.inEdges(v).map((e) => g.node(e.v).rank + g.edge(e).minlen));
  }
}

// Positions for every drawn node and the points of every edge.
export function layout(visible) {
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: "TB", ranker: rankBelowUsers, nodesep: 18, ranksep: 44, marginx: 8, marginy: 8 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const entry of visible.nodes) {
    const width = Math.max(...nodeLines(entry).map((line) => line.length)) * CHAR_WIDTH + 20;
    g.setNode(entry.key, { width, height: entry.kind === "constant" ? NODE_HEIGHT - 8 : NODE_HEIGHT });
  }
  // one edge per next_functions slot (graphlib drops an empty name: the unnamed edge is undefined)
  const name = (edge) => (edge.edge ? `slot ${edge.edge.slot}` : undefined);
  for (const edge of visible.edges) g.setEdge(edge.from, edge.to, {}, name(edge));
  // Past MAX_DRAWN boxes (the learner drew more) dagre's crossing reduction is a quarter to a third of the time.
  dagre.layout(g, { disableOptimalOrderHeuristic: visible.nodes.length > MAX_DRAWN });
  const nodes = visible.nodes.map((entry) => ({ ...entry, ...g.node(entry.key) }));
  const edges = spreadParallel(visible.edges.map((edge) => ({ ...edge, points: g.edge(edge.from, edge.to, name(edge)).points })));
  return { ...fitDrawing(nodes, edges, g.graph()), opened: visible.opened ?? [] };
}

const MARGIN = 8;
const TANGENT_ROOM = 120; // px beside a node for its "ṫ = …" (16 characters)
export const LABEL_CHARS = 26; // characters of a value written on the drawing
const LABEL_CHAR_WIDTH = 6.6; // px per character of the 11 px labels

// dagre's size leaves out the bends of long edges (drawn at negative x when routed round the
// left): moves the drawing so that nodes, edges and their labels all lie inside it.
function fitDrawing(nodes, edges, { width, height }) {
  let left = 0;
  let right = width;
  for (const edge of edges) for (const p of edge.points) (left = Math.min(left, p.x - MARGIN)), (right = Math.max(right, p.x + MARGIN));
  // a parallel edge's gradient on its left side is written leftwards from its middle (views/graph.js drawnEdge)
  for (const edge of edges) if (edge.side < 0) left = Math.min(left, edge.points[Math.floor(edge.points.length / 2)].x - 6 - LABEL_CHARS * LABEL_CHAR_WIDTH);
  for (const node of nodes) {
    // the gradient it received is written under a node, from its left edge; a tangent (forward mode) beside it
    right = Math.max(right, node.x - node.width / 2 + LABEL_CHARS * LABEL_CHAR_WIDTH);
    if (node.node?.tensor?.tangent) right = Math.max(right, node.x + node.width / 2 + TANGENT_ROOM);
  }
  if (left < 0) {
    for (const node of nodes) node.x -= left;
    for (const edge of edges) edge.points = edge.points.map((p) => ({ x: p.x - left, y: p.y }));
  }
  return { width: right - left, height: height + 12, nodes, edges }; // (+12: the gradient under the lowest node)
}

export const PARALLEL_GAP = 22; // px between parallel edges (x * x: self and other)

// dagre draws parallel edges on one line: moves each sideways, so every next_functions entry is
// its own visible edge; `parallel` is how many run between the two nodes.
function spreadParallel(edges) {
  const between = new Map();
  for (const edge of edges) (between.get(`${edge.from}>${edge.to}`) ?? between.set(`${edge.from}>${edge.to}`, []).get(`${edge.from}>${edge.to}`)).push(edge);
  for (const group of between.values()) {
    if (group.length < 2) continue;
    // around the middle line of the group (dagre may have crossed them), in slot order
    const middle = group[0].points.map((_, k) => group.reduce((sum, edge) => sum + (edge.points[k]?.x ?? edge.points.at(-1).x), 0) / group.length);
    group.forEach((edge, i) => {
      const shift = (i - (group.length - 1) / 2) * PARALLEL_GAP;
      edge.parallel = group.length;
      edge.side = Math.sign(shift); // which side of the group its labels go (-1 left, 1 right, 0 the middle one)
      edge.points = group[0].points.map((p, k) => ({ x: middle[k] + shift, y: p.y }));
    });
  }
  return edges;
}
