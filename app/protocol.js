// The whole conversation between the page (app/python.js) and the Python worker (app/worker.js).
// Keep it small: every message is a plain object with a `type` from this module.

// Page → worker.
export const INIT = "init"; // { type, secret, interruptBuffer?: Uint8Array over a SharedArrayBuffer,
//                              files?: { path: string | Uint8Array }, snapshots?: boolean,
//                              runtime?: WebAssembly.Module }
//                              secret = random text for this worker; it signs every message back;
//                              files = the worker's files, from disk only (files.js);
//                              snapshots = without a usable IMAGE, make one and post it;
//                              runtime = Pyodide's wasm as an earlier worker compiled it (WASM_MODULE)
export const IMAGE = "image"; // { type, image: { id, bytes: Blob } | null }  after the worker's first
//                              STATUS (so a file:// bootstrap has handed INIT on, files.js): a memory
//                              snapshot an earlier worker posted (SNAPSHOT), which the worker boots
//                              from when its build made it; its boot waits for this message (a spare
//                              held on an isolated page gets it when it takes over, python.js)
export const RUN = "run"; //   { type, id, code, prelude: string[], options: {} }  prelude = earlier examples,
//                               run silently first; options = per-run settings passed to the runner
//                               (output_limit: characters of output shown; graph: record the run for
//                               the graph panel; checks: a practice step's Python checks, run after a
//                               program that ended without error, in `language`)
export const GRAPH = "graph"; //  { type, id, request: { what: "graph" | "node" | "steps" | "gradcheck", name, id? } }
//                               a question about the last run recorded with options.graph

// Worker → page. Each also carries `secret`; the page drops any message whose secret (or run id)
// does not match, so a program that reaches the worker's globals cannot speak for the worker.
export const STATUS = "status"; // { type, stage: "runtime" | "engine" | "ready", engineError?: string,
//                                   fromSnapshot?: boolean, snapshotError?: string (why an image was not used) }
export const SNAPSHOT = "snapshot"; // { type, id, bytes: Uint8Array }  after "ready": Python with the engine
//                                   imported, as a memory snapshot (app/boot-engine.js) for later workers (the
//                                   page keeps it as a Blob, which it passes and stores without copying 30 MB)
export const WASM_MODULE = "wasm-module"; // { type, module: WebAssembly.Module }  after "ready": Pyodide's
//                                   wasm compiled, which later workers get with INIT instead of compiling it
export const OUTPUT = "output"; // { type, id, stream: "stdout" | "stderr", text } in batches (runner.Output),
//                                  or { stream: "truncated", text: lines shown } once, at the output limit,
//                                  or { stream: "figure", text: JSON } a figure the program's matplotlib
//                                  showed (docs/testing.md, "Figures"), after the output printed before it
export const DONE = "done"; //     { type, id, result: RunResult }
export const LATE = "late"; //     { type, id, text }  after DONE, before the next RUN: what the run's program
//                                  wrote after it ended, from a timer or asyncio task it left (the error
//                                  such a callback raised, as the runner or the worker describes it)
export const GRAPH_ANSWER = "graph-answer"; // { type, id, answer }  (app/py/course_graph.py)
export const FATAL = "fatal"; //   { type, message, file?, reason?, status? }  the worker cannot boot (the page
//                                  shows the message; file/reason/status: a FileError's, files.js), or
//                                  failed after boot (the page replaces it and ends the run with the message)
export const RETIRE = "retire"; // { type, reason }  after DONE: this worker should be replaced (its memory
//                                  stays high, or a program changed what it cannot put back)

// RunResult = { error: null | PythonError, timings: { restoreMs, runMs }, ...more }  what runner.run
//             returns, plus the worker's timings (putting the boot state back, then the run itself);
//             features add keys without changing this message: graph?: { tensors: [{ name, grad_fn,
//             shape, scalar, backward }], tangents: [{ label, tensor }], transforms_dropped?: { kept, steps,
//             dropped } (torch.func backward passes not kept) } when the run was recorded for
//             the graph panel; graph_built: whether the run left anything the panel can show; check?:
//             { passed, message? } when options.checks was given (the first failed check's message).
// PythonError = { kind: "exception" | "syntax" | "interrupted",
//                 type, message, traceback (learner frames only), line?, column? }
// Line and column are 1-based and refer to the learner's program ("main.py").

// Written by the page into the interrupt buffer to raise KeyboardInterrupt in the running code
// (Pyodide's convention: 2 = SIGINT).
export const SIGINT = 2;
