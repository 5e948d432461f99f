// The drawn form of an exported graph (app/py/course_graph.py), laid out by dagre. A large graph
// (over COLLAPSE_ABOVE nodes) is folded first: module subgraphs, unbranched chains and repeated
// motifs (an unrolled loop) become boxes that open on click, shared leaves are drawn beside each
// use, and past MAX_DRAWN boxes the rest waits behind a "more" box. Pure functions of their inputs,
// memoized by the view, so an unchanged graph is laid out once.
import dagre from "@dagrejs/dagre";
import { strings } from "../strings.js";

export const COLLAPSE_ABOVE = 60; // nodes; larger graphs start folded
const CHAR_WIDTH = 7.8; // px per character of the node font (13 px monospace: 0.6 em, as DejaVu Sans Mono)
const NODE_HEIGHT = 40;

// The module subgraph a node belongs to: the innermost module whose forward made it; a parameter
// leaf ("model.0.weight") joins its module's group ("model.0").
function groupOf(node, groupNames) {
  if (node.kind === "function") return node.scope?.at(-1) ?? null;
  if (node.kind === "leaf" && node.label) {
    const owner = node.label.slice(0, node.label.lastIndexOf("."));
    return groupNames.has(owner) ? owner : null;
  }
  return null;
}

function moduleGroups(graph) {
  return new Set(graph.nodes.flatMap((node) => (node.kind === "function" && node.scope?.length ? [node.scope.at(-1)] : [])));
}

// The nodes and edges to draw; `collapseAll` (a large graph) folds it as the header says, except
// the groups in `expanded` (those the learner opened).
export function visibleGraph(graph, expanded, collapseAll) {
  const groupNames = moduleGroups(graph);
  const shownAs = new Map(); // node id -> drawn node key
  const drawn = new Map();
  const sizes = new Map();
  for (const node of graph.nodes) {
    const group = groupOf(node, groupNames);
    if (group) sizes.set(group, (sizes.get(group) ?? 0) + 1);
  }
  for (const node of graph.nodes) {
    let group = collapseAll ? groupOf(node, groupNames) : null;
    if (group && sizes.get(group) < 2) group = null; // a box for one node hides it for nothing
    if (group && !expanded.includes(group)) {
      const key = `group:${group}`;
      shownAs.set(node.id, key);
      const entry = drawn.get(key) ?? { key, kind: "group", group, name: group, members: [] };
      entry.members.push(node);
      drawn.set(key, entry);
    } else {
      const key = `node:${node.id}`;
      shownAs.set(node.id, key);
      drawn.set(key, { key, kind: node.kind, node, name: node.name });
    }
  }
  let edges = new Map();
  for (const edge of graph.edges) {
    const from = shownAs.get(edge.from);
    const to = shownAs.get(edge.to);
    if (from !== to) edges.set(`${from}>${to}`, { from, to });
  }
  edges = [...edges.values()];
  if (collapseAll) {
    splitSharedInputs(drawn, edges);
    let roots = graph.roots.map((id) => shownAs.get(id));
    const rename = (renamed) => (roots = roots.map((key) => renamed.get(key) ?? key));
    rename(collapseChains(drawn, edges, expanded));
    rename(foldRepeats(drawn, edges, roots, expanded));
    limitDrawn(drawn, edges, roots, expanded);
  }
  return { nodes: [...drawn.values()], edges: dedupe(edges), groupNames };
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
function limitDrawn(drawn, edges, roots, expanded) {
  const limit = MAX_DRAWN * (1 + expanded.filter((group) => group.startsWith("more:")).length);
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
  const members = [];
  for (const [k, entry] of [...drawn]) {
    if (kept.has(k)) continue;
    members.push(...(entry.members ?? [entry.node]));
    drawn.delete(k);
  }
  drawn.set(key, { key, kind: "group", group, name: strings.graph.moreNodes(members.length), members });
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
function collapseChains(drawn, edges, expanded) {
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
    if (run.length < CHAIN_MIN || expanded.includes(group)) continue;
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

// Folds repeated structure that is not a chain: an unrolled loop (a running sum of squares, a
// hand-written RNN step) is a spine (from each root, always into the input with the longest
// path below it) whose nodes each own what hangs off them. A run of REPEAT_MIN or more equal
// repeats of one to REPEAT_PERIOD consecutive spine nodes, each with an equal hanging part,
// becomes one box "N× …" that opens on click. Returns the drawn keys it replaced -> the box's key.
function foldRepeats(drawn, edges, roots, expanded) {
  const outs = outEdges(edges);
  // drawn key -> the longest path below it, in edges (null while it is being walked: folded
  // module groups can make cycles, whose closing edge counts for nothing)
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
  const rename = new Map();
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
    for (let i = 1; i < spine.length; ) { // the root stays drawn: it is the tensor the learner chose
      const run = repeatAt(signature, i);
      const group = `repeat:${spine[i]}`;
      if (!run || expanded.includes(group)) { // an opened run is drawn whole, not folded from its second repeat
        i += run ? run.period * run.count : 1;
        continue;
      }
      const keys = owned.slice(i, i + run.period * run.count).flatMap((mine) => [...mine]);
      // (a shared leaf drawn beside each use is one member)
      const members = [...new Set(keys.flatMap((k) => drawn.get(k).members ?? [drawn.get(k).node]))];
      const names = [...new Set(members.flatMap((node) => (node.kind === "function" ? [node.name] : [])))];
      const name = `${run.count}× ${names.slice(0, 2).join(" + ")}${names.length > 2 ? " + …" : ""}`;
      const key = `group:${group}`;
      keys.forEach((k) => {
        drawn.delete(k);
        rename.set(k, key);
      });
      const ops = members.filter((node) => node.kind === "function").length / run.count;
      drawn.set(key, { key, kind: "group", group, name, members, ops });
      i += run.period * run.count;
    }
  }
  renameEnds(edges, rename);
  return rename;
}

// The structure a spine node owns, as text: names in input order, "↓" for the next spine node,
// "*" for a node owned further down, "^" for one met before.
function shapeOf(key, next, mine, outs, drawn) {
  const seen = new Set();
  const visit = (k) => {
    if (k === next) return "↓";
    if (!mine.has(k)) return "*";
    if (seen.has(k)) return "^";
    seen.add(k);
    const below = outs.get(k) ?? [];
    return drawn.get(k).name + (below.length ? `(${below.map(visit).join(",")})` : "");
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

function dedupe(edges) {
  const unique = new Map();
  for (const edge of edges) if (edge.from !== edge.to) unique.set(`${edge.from}>${edge.to}`, edge);
  return [...unique.values()];
}

export function nodeLines(entry) {
  if (entry.kind === "group") {
    if (entry.group.startsWith("chain:")) return [entry.name, strings.graph.openChain];
    if (entry.group.startsWith("more:")) return [entry.name, strings.graph.drawMore];
    if (entry.group.startsWith("repeat:")) return [entry.name, strings.graph.openRepeat(entry.ops)];
    return [entry.group, strings.graph.groupNodes(entry.members.length)];
  }
  const { node } = entry;
  if (node.kind === "constant") return [strings.graph.constantNode, node.tensor?.repr ?? shapeText(node.tensor)];
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
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: "TB", ranker: rankBelowUsers, nodesep: 18, ranksep: 34, marginx: 8, marginy: 8 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const entry of visible.nodes) {
    const width = Math.max(...nodeLines(entry).map((line) => line.length)) * CHAR_WIDTH + 20;
    g.setNode(entry.key, { width, height: entry.kind === "constant" ? NODE_HEIGHT - 8 : NODE_HEIGHT });
  }
  for (const edge of visible.edges) g.setEdge(edge.from, edge.to);
  // Past MAX_DRAWN boxes (the learner drew more) dagre's crossing reduction is a quarter to a third of the time.
  dagre.layout(g, { disableOptimalOrderHeuristic: visible.nodes.length > MAX_DRAWN });
  const { width, height } = g.graph();
  return {
    width,
    height,
    nodes: visible.nodes.map((entry) => ({ ...entry, ...g.node(entry.key) })),
    edges: visible.edges.map((edge) => ({ ...edge, points: g.edge(edge.from, edge.to).points })),
  };
}
