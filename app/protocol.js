// The whole conversation between the page (app/python.js) and the Python worker (app/worker.js).
// Keep it small: every message is a plain object with a `type` from this module.

// Page → worker.
export const INIT = "init"; // { type, secret, interruptBuffer?: Uint8Array over a SharedArrayBuffer,
//                              files?: { path: string | Uint8Array } }
//                              secret = random text for this worker; it signs every message back;
//                              files = the worker's files, from disk only (files.js)
export const RUN = "run"; //   { type, id, code, prelude: string[], options: {} }  prelude = earlier examples,
//                               run silently first; options = per-run settings passed to the runner
//                               (output_limit: characters of output shown; graph: record the run for
//                               the graph panel)
export const GRAPH = "graph"; //  { type, id, request: { what: "graph" | "steps" | "gradcheck", name } }
//                               a question about the last run recorded with options.graph

// Worker → page. Each also carries `secret`; the page drops any message whose secret (or run id)
// does not match, so a program that reaches the worker's globals cannot speak for the worker.
export const STATUS = "status"; // { type, stage: "runtime" | "engine" | "ready", engineError?: string }
export const OUTPUT = "output"; // { type, id, stream: "stdout" | "stderr", text } in batches (runner.Output),
//                                  or { stream: "truncated", text: lines shown } once, at the output limit
export const DONE = "done"; //     { type, id, result: RunResult }
export const GRAPH_ANSWER = "graph-answer"; // { type, id, answer }  (app/py/course_graph.py)
export const FATAL = "fatal"; //   { type, message, file?, reason?, status? }  the worker cannot boot (the page
//                                  shows the message; file/reason/status: a FileError's, files.js), or
//                                  failed after boot (the page replaces it and ends the run with the message)
export const RETIRE = "retire"; // { type, reason }  after DONE: this worker should be replaced (its memory
//                                  stays high, or a program changed what it cannot put back)

// RunResult = { error: null | PythonError, timings: { restoreMs, runMs }, ...more }  what runner.run
//             returns, plus the worker's timings (putting the boot state back, then the run itself);
//             features add keys without changing this message: graph?: { tensors: [{ name, grad_fn,
//             shape, scalar }] } when the run was recorded for the graph panel.
// PythonError = { kind: "exception" | "syntax" | "interrupted",
//                 type, message, traceback (learner frames only), line?, column? }
// Line and column are 1-based and refer to the learner's program ("main.py").

// Written by the page into the interrupt buffer to raise KeyboardInterrupt in the running code
// (Pyodide's convention: 2 = SIGINT).
export const SIGINT = 2;
