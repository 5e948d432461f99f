// How long the output diff (app/grading.js diffOutputs) takes on outputs a learner can produce,
// from a typical wrong answer to a flood at the app's output limit. Run: node bench/bench_diff.mjs
import { diffOutputs } from "../app/grading.js";

const expected = "MulBackward0 AddBackward0\n3.0\n";
const losses = (k) => Array.from({ length: 3000 }, (_, i) => `step ${i} loss ${(i * k) % 13}`).join("\n");
const cases = [
  ["typical wrong answer (3 lines)", expected, "MulBackward0\nAddBackward0\n2.0\n"],
  ["100,000 short lines (200 kB flood)", expected, "x\n".repeat(100_000)],
  ["one 200,000-character line", expected, "y".repeat(200_000) + "\n"],
  ["3,000 lines, most changed", losses(7), losses(5)],
  ["9,000 repeated tensor lines", expected, "tensor([1., 2., 3.])\n".repeat(9000)],
];
for (const [name, a, b] of cases) {
  const started = performance.now();
  const rows = diffOutputs(a, b);
  console.log(`${name}: ${(performance.now() - started).toFixed(1)} ms, ${rows.length} rows`);
}
