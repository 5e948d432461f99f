// Layout time of the graph panel (app/graph/layout.js: collapse + dagre) for exported graphs read
// as JSON lines on stdin ({ label, graph }); prints one JSON line per layout: { label, nodes, drawn, ms }
// (a graph large enough to be collapsed is also laid out fully expanded). Run by bench/bench_graph.py.
import { createInterface } from "node:readline";
import { COLLAPSE_ABOVE, layout, visibleGraph } from "../app/graph/layout.js";

const REPEATS = 5;

function time(label, graph, collapse) {
  const times = [];
  let drawn;
  for (let i = 0; i < REPEATS; i++) {
    const start = performance.now();
    drawn = layout(visibleGraph(graph, [], collapse));
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(JSON.stringify({ label, nodes: graph.nodes.length, drawn: drawn.nodes.length, ms: times[REPEATS >> 1] }));
}

for await (const line of createInterface({ input: process.stdin })) {
  const { label, graph } = JSON.parse(line);
  const large = graph.nodes.length > COLLAPSE_ABOVE;
  time(label, graph, large);
  if (large) time(`${label}, all expanded`, graph, false);
}
