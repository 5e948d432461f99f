// <torch-cell graph>: the course's graph panel (views/graph.js, issue 17) under the cell's output,
// for its last run, tied to the cell's code as the course's panels are (a node's line is marked in
// the editor, a click on a line marks its nodes). Only cells with the attribute import this module
// (and so the panel and its layout code). The panel's state lives in the store as the course's
// panels do (graph/actions.js), under the key "cell:<n>"; its questions go to the cells' shared
// Python (runtime.js), which holds one run's graph at a time, so a question about an older run
// runs the cell again first.
import { state, subscribe } from "../store.js";
import { connectGraph, graphHandlers, graphRequested, receiveRun, selectedLine, toggleGraph } from "../graph/actions.js";
import { graphPanel, graphToggle } from "../views/graph.js";
import * as runtime from "./runtime.js";

connectGraph({ python: runtime.sharedPython() });

// → { options() for the run, afterRun(result) (resolves once the panel has its graph), toggle(), panel(),
//     line() (the selected node's line, for the editor to mark), selectLine(line) (a click in the
//     editor: that line's nodes are marked) }
export function mountGraph(cell) {
  const key = `cell:${cell.number}`;
  const waiting = []; // resolves of settled() calls
  subscribe(() => {
    cell.update();
    if (!state.graphs[key]?.busy) waiting.splice(0).forEach((resolve) => resolve());
  });
  // Once the panel's questions to Python (the graph, then the stepper's data) are answered.
  const settled = () => (state.graphs[key]?.busy ? new Promise((resolve) => waiting.push(resolve)) : Promise.resolve());

  toggleGraph(key, () => {}); // open from the start: the first run records its graph
  const handlers = graphHandlers(key, () => cell.run());
  const aboutThisRun = (question) => async (...args) => {
    if (!runtime.isLastRun(cell.lastJob)) {
      await cell.run();
      await settled();
    }
    question(...args);
  };
  handlers.selectTensor = aboutThisRun(handlers.selectTensor);
  handlers.selectView = aboutThisRun(handlers.selectView);
  handlers.gradcheck = aboutThisRun(handlers.gradcheck);
  handlers.selectNode = aboutThisRun(handlers.selectNode); // (its values are asked for)

  return {
    options: () => ({ graph: graphRequested(key) }),
    afterRun: (result) => {
      receiveRun(key, result.status === "ok" || result.status === "error" ? result : {});
      return settled();
    },
    toggle: () => graphToggle(state.graphs[key], handlers),
    panel: () => graphPanel(state.graphs[key], handlers),
    line: () => selectedLine(state.graphs[key]),
    selectLine: (line) => handlers.selectLine(line),
  };
}
