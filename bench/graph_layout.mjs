// Layout time of the graph panel (app/graph/layout.js: folding + dagre) for exported graphs read
// as JSON lines on stdin ({ label, graph }); prints one JSON line per layout: { label, nodes, drawn, ms, cpuMs }.
// A graph large enough to be folded is also laid out with its first box opened (a learner's first
// click: a loop's repeats), with every box of its first view opened, and with every box opened (as
// a learner who clicked every box, "more" boxes too, would see it). The first view is laid out from
// a fresh copy of the graph each time (as when a tensor is chosen); an opened view after the first
// (layout.js keeps, per graph, what does not depend on the boxes opened). Run by bench/bench_graph.py.
import { createInterface } from "node:readline";
import { COLLAPSE_ABOVE, layout, visibleGraph } from "../app/graph/layout.js";

const REPEATS = 5;

function time(label, graph, expanded, collapse, fresh = false) {
  const wall = [];
  const cpu = []; // CPU time: on a shared machine, less inflated by other processes than wall time
  let drawn;
  for (let i = 0; i < REPEATS; i++) {
    if (fresh) graph = structuredClone(graph);
    const start = performance.now();
    const startCpu = process.cpuUsage();
    drawn = layout(visibleGraph(graph, expanded, collapse));
    const used = process.cpuUsage(startCpu);
    cpu.push((used.user + used.system) / 1000);
    wall.push(performance.now() - start);
  }
  const median = (values) => values.sort((a, b) => a - b)[REPEATS >> 1];
  console.log(JSON.stringify({ label, nodes: graph.nodes.length, drawn: drawn.nodes.length, ms: median(wall), cpuMs: median(cpu) }));
}

// The groups a learner opens, one layout at a time, until none is left.
function everyGroup(graph) {
  const expanded = [];
  for (;;) {
    const groups = visibleGraph(graph, expanded, true).nodes.filter((entry) => entry.kind === "group");
    if (!groups.length) return expanded;
    expanded.push(...groups.map((entry) => entry.group));
  }
}

for await (const line of createInterface({ input: process.stdin })) {
  const { label, graph } = JSON.parse(line);
  const large = graph.nodes.length > COLLAPSE_ABOVE;
  time(label, graph, [], large, true);
  if (!large) continue;
  const firstBoxes = visibleGraph(graph, [], true).nodes.filter((entry) => entry.kind === "group").map((entry) => entry.group);
  time(`${label}, its first box opened`, graph, firstBoxes.slice(0, 1), true);
  time(`${label}, its boxes opened once`, graph, firstBoxes, true);
  time(`${label}, every box opened`, graph, everyGroup(graph), true);
}
