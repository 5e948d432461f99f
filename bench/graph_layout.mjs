// Layout time of the graph panel (app/graph/layout.js: folding + dagre) for exported graphs read
// as JSON lines on stdin ({ label, graph }); prints one JSON line per layout: { label, nodes, drawn, ms }.
// A graph large enough to be folded is also laid out with every box opened (as a learner who
// clicked every box, "more" boxes too, would see it) and, for comparison, unfolded (no shared
// leaf drawn beside each use). Run by bench/bench_graph.py.
import { createInterface } from "node:readline";
import { COLLAPSE_ABOVE, layout, visibleGraph } from "../app/graph/layout.js";

const REPEATS = 5;

function time(label, graph, expanded, collapse) {
  const times = [];
  let drawn;
  for (let i = 0; i < REPEATS; i++) {
    const start = performance.now();
    drawn = layout(visibleGraph(graph, expanded, collapse));
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(JSON.stringify({ label, nodes: graph.nodes.length, drawn: drawn.nodes.length, ms: times[REPEATS >> 1] }));
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
  time(label, graph, [], large);
  if (large) {
    time(`${label}, every box opened`, graph, everyGroup(graph), true);
    time(`${label}, unfolded`, graph, [], false);
  }
}
