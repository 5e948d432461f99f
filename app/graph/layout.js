// The drawn form of an exported graph (app/py/course_graph.py), laid out by dagre. A large graph
// (over COLLAPSE_ABOVE nodes) is folded first: module subgraphs and unbranched chains become boxes
// that open on click, shared leaves are drawn beside each use, and past MAX_DRAWN boxes the rest
// waits behind a "more" box. Pure functions of their inputs, memoized by the view, so an unchanged
// graph is laid out once.
import dagre from "@dagrejs/dagre";
import { strings } from "../strings.js";

export const COLLAPSE_ABOVE = 60; // nodes; larger graphs start folded
const CHAR_WIDTH = 7.2; // px per character of the node font (13 px monospace)
const NODE_HEIGHT = 40;

// The module subgraph a node belongs to: the innermost module whose forward made it; a parameter
// leaf ("model.0.weight") joins its module's group ("model.0").
export function groupOf(node, groupNames) {
  if (node.kind === "function") return node.scope?.at(-1) ?? null;
  if (node.kind === "leaf" && node.label) {
    const owner = node.label.slice(0, node.label.lastIndexOf("."));
    return groupNames.has(owner) ? owner : null;
  }
  return null;
}

export function moduleGroups(graph) {
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
    const renamed = collapseChains(drawn, edges, expanded);
    const roots = graph.roots.map((id) => renamed.get(shownAs.get(id)) ?? shownAs.get(id));
    limitDrawn(drawn, edges, roots, expanded);
  }
  return { nodes: [...drawn.values()], edges: dedupe(edges), groupNames };
}

export const MAX_DRAWN = 120; // drawn boxes before the rest waits behind a "more" box (layout time grows fast)

// Keeps the MAX_DRAWN drawn nodes nearest the roots (breadth first) and puts the others into one
// "N more" box; each "more" box the learner opened shows MAX_DRAWN more.
function limitDrawn(drawn, edges, roots, expanded) {
  const limit = MAX_DRAWN * (1 + expanded.filter((group) => group.startsWith("more:")).length);
  if (drawn.size <= limit) return;
  const outs = new Map();
  for (const edge of edges) (outs.get(edge.from) ?? outs.set(edge.from, []).get(edge.from)).push(edge.to);
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

export const CHAIN_MIN = 4;

// Replaces, in `drawn` and `edges`, every unbranched run of CHAIN_MIN or more nodes by one node;
// returns the drawn keys it replaced -> the chain's key.
function collapseChains(drawn, edges, expanded) {
  const outs = new Map();
  const ins = new Map();
  for (const edge of edges) {
    (outs.get(edge.from) ?? outs.set(edge.from, []).get(edge.from)).push(edge.to);
    ins.set(edge.to, (ins.get(edge.to) ?? 0) + 1);
  }
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
  for (const edge of edges) {
    edge.from = rename.get(edge.from) ?? edge.from;
    edge.to = rename.get(edge.to) ?? edge.to;
  }
  return rename;
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
    return [entry.group, strings.graph.groupNodes(entry.members.length)];
  }
  const { node } = entry;
  if (node.kind === "constant") return [strings.graph.constantNode, node.tensor?.repr ?? shapeText(node.tensor)];
  return node.label ? [node.name, node.label] : [node.name];
}

export const shapeText = (tensor) => (tensor?.shape ? `[${tensor.shape.join(", ")}]` : "");

// Positions for every drawn node and the points of every edge.
export function layout(visible) {
  const g = new dagre.graphlib.Graph();
  // longest-path ranking: about half of network-simplex's time on large graphs, same look on trees
  g.setGraph({ rankdir: "TB", ranker: "longest-path", nodesep: 18, ranksep: 34, marginx: 8, marginy: 8 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const entry of visible.nodes) {
    const width = Math.max(...nodeLines(entry).map((line) => line.length)) * CHAR_WIDTH + 20;
    g.setNode(entry.key, { width, height: entry.kind === "constant" ? NODE_HEIGHT - 8 : NODE_HEIGHT });
  }
  for (const edge of visible.edges) g.setEdge(edge.from, edge.to);
  dagre.layout(g);
  const { width, height } = g.graph();
  return {
    width,
    height,
    nodes: visible.nodes.map((entry) => ({ ...entry, ...g.node(entry.key) })),
    edges: visible.edges.map((edge) => ({ ...edge, points: g.edge(edge.from, edge.to).points })),
  };
}
