// A run as the output views show it (views/output.js): output streamed in, then the result and,
// when there is an expected output, the verdict and diff. Shared by the course and the embeds.
import { diffOutputs, outputsMatch } from "./grading.js";
import { appendLines } from "./output-lines.js";
import { newTerminal } from "./ansi.js";
import { addFigure, parseFigure } from "./figures/data.js";

// { running, chunks: [{ stream, text }], blocks (output-lines.js: the same output for display),
//   terminal (ansi.js: the colours the output set), truncatedAfterLines, overtimeSeconds (the time
//   limit, while a run past it asks whether to go on), result, verdict, diff, late: text written
//   after the program ended (a timer's error), shown as a note, never graded, figures: what the
//   program's matplotlib showed (figures/data.js), one per slot, in the order first shown }
export const newRun = () => ({
  running: true, chunks: [], blocks: [], terminal: newTerminal(), truncatedAfterLines: null, overtimeSeconds: null,
  result: null, verdict: null, diff: null, late: "", figures: [],
});

// A run past the time limit (python.js onOvertime) asks to keep going or stop, until it ends or is answered.
export function markOvertime(run, seconds) {
  run.overtimeSeconds = seconds;
}

// The worker batches output and cuts it at the limit (runner.Output), so each chunk is appended as
// it comes: the output panel renders only what is new.
export function appendOutput(run, stream, text) {
  if (stream === "truncated") {
    run.truncatedAfterLines = Number(text);
  } else if (stream === "figure") {
    const figure = parseFigure(text);
    if (figure) addFigure(run.figures, figure);
  } else {
    run.chunks.push({ stream, text });
    appendLines(run.blocks, stream, text, run.terminal);
  }
}

// What the program's callbacks wrote after it ended (python.js onLate): its verdict stays.
export function appendLate(run, text) {
  run.late += text;
}

export const stdoutOf = (run) => run.chunks.filter((chunk) => chunk.stream === "stdout").map((chunk) => chunk.text).join("");

// Records how the run ended (python.js) and grades it against `expected`, if given; a stopped,
// timed-out or crashed run gets no verdict. A practice's run also carries its checks' outcome
// (`result.check`, runner.py check_program): it passes only when the output and the checks agree.
export function finishRun(run, result, expected) {
  run.running = false;
  run.overtimeSeconds = null;
  run.result = result;
  if (expected === undefined || (result.status !== "ok" && result.status !== "error")) return;
  const printed = stdoutOf(run);
  const outputRight = result.status === "ok" && outputsMatch(expected, printed);
  run.verdict = outputRight && result.check?.passed !== false ? "pass" : "fail";
  run.diff = outputRight ? null : diffOutputs(expected, printed);
}

// The message of a failed check, or null (the run passed its checks, or had none).
export const checkFailure = (run) => (run?.result?.check?.passed === false ? run.result.check.message : null);
