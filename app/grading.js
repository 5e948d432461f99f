// Grading: program output against the expected output (with a line diff), and quiz answers.
import { diffArrays, diffChars } from "diff";

const splitLines = (text) => text.replace(/\r\n?/g, "\n").split("\n");

// What learners see as "the same output": trailing spaces on a line and trailing blank lines don't count.
export function normalizeOutput(text) {
  const lines = splitLines(text).map((line) => line.trimEnd());
  while (lines.length && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

export function outputsMatch(expected, actual) {
  const [a, b] = [normalizeOutput(expected), normalizeOutput(actual)];
  return a.length === b.length && a.every((line, i) => line === b[i]);
}

// Rows of a line diff: { op: "same" | "expected" | "actual", text, marks: [[from, to], …] } (an
// empty range [at, at] on the learner's line: characters are missing there), plus
// `noFinalNewline` on the learner's last line when their output does not end with a newline.
// Lines are compared as outputsMatch compares them (jsdiff's LCS over lines); `text` is the line as
// printed, trailing spaces included, so the view can show them. Within a hunk of changed lines, an
// expected line is paired with a similar line of the learner's (in order), and only a pair gets
// character marks; a pair is shown expected first, then yours.
export function diffOutputs(expected, actual) {
  const [a, b] = [normalizeOutput(expected), normalizeOutput(actual)];
  const [rawA, rawB] = [splitLines(expected), splitLines(actual)];
  const rows = [];
  let [i, j] = [0, 0];
  let removed = [];
  const changes = diffArrays(a, b, { maxEditLength: LINE_DIFF_MAX_EDITS, timeout: LINE_DIFF_TIMEOUT_MS }) ?? roughLineChanges(a, b);
  for (const part of changes) {
    if (part.removed) {
      removed = part.value.map((_, k) => i + k);
      i += part.count;
    } else if (part.added) {
      rows.push(...hunkRows(removed, part.value.map((_, k) => j + k), rawA, rawB));
      removed = [];
      j += part.count;
    } else {
      rows.push(...hunkRows(removed, [], rawA, rawB));
      removed = [];
      part.value.forEach((_, k) => rows.push({ op: "same", text: rawB[j + k], marks: [] }));
      i += part.count;
      j += part.count;
    }
  }
  rows.push(...hunkRows(removed, [], rawA, rawB));
  const lastOfYours = rows.findLast((row) => row.op !== "expected");
  if (lastOfYours && b.length === rawB.length && !actual.endsWith("\n")) lastOfYours.noFinalNewline = true;
  return rows;
}

// An LCS over lines costs about (lines × edits): beyond these, the diff is the rough one below,
// so that a flood of output or a long, wholly different output never holds up the page.
const LINE_DIFF_MAX_EDITS = 1000;
const LINE_DIFF_TIMEOUT_MS = 100;

// jsdiff's changes for "the common first lines, the rest replaced, the common last lines".
function roughLineChanges(a, b) {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const part = (value, side) => ({ value, count: value.length, ...side });
  return [
    part(a.slice(0, start), {}),
    part(a.slice(start, a.length - end), { removed: true }),
    part(b.slice(start, b.length - end), { added: true }),
    part(a.slice(a.length - end), {}),
  ].filter((change) => change.count);
}

// Lines longer than this are compared whole (a character diff of a runaway line would be slow).
const CHARACTER_DIFF_MAX_LENGTH = 1000;
// Hunks with more line pairs than this are not paired (the pairing compares every pair).
const PAIRING_MAX_PAIRS = 2500;
// Two lines are "the same line, changed" when at least this share of their characters is common.
const SIMILAR = 0.5;

// Characters of `from` and `to` in common, and the changed ranges on each side; null when too long.
function characterDiff(from, to) {
  if (from.length > CHARACTER_DIFF_MAX_LENGTH || to.length > CHARACTER_DIFF_MAX_LENGTH) return null;
  const marks = { removed: [], added: [] };
  const at = { removed: 0, added: 0 };
  let common = 0;
  const parts = diffChars(from, to);
  parts.forEach((part, k) => {
    const side = part.removed ? "removed" : part.added ? "added" : null;
    // Characters missing from the learner's line are marked on it too, as a gap where they belong.
    if (part.removed && !parts[k + 1]?.added && !parts[k - 1]?.added) marks.added.push([at.added, at.added]);
    if (side) {
      marks[side].push([at[side], at[side] + part.value.length]);
      at[side] += part.value.length;
    } else {
      common += part.value.length;
      at.removed += part.value.length;
      at.added += part.value.length;
    }
  });
  return { similarity: (2 * common) / (from.length + to.length || 1), marks };
}

// Rows for one hunk: expected lines `ia` (indexes into rawA) replaced by the learner's lines `ib`.
// The pairing maximises the summed similarity of in-order pairs (a small alignment table).
function hunkRows(ia, ib, rawA, rawB) {
  const unpaired = (op, raw) => (k) => ({ op, text: raw[k], marks: [] });
  if (ia.length * ib.length > PAIRING_MAX_PAIRS) return [...ia.map(unpaired("expected", rawA)), ...ib.map(unpaired("actual", rawB))];
  const textA = ia.map((i) => rawA[i].trimEnd());
  const textB = ib.map((j) => rawB[j].trimEnd());
  const diffs = textA.map((x) => textB.map((y) => characterDiff(x, y)));
  const similar = (p, q) => (diffs[p][q]?.similarity ?? 0) >= SIMILAR;
  const best = Array.from({ length: ia.length + 1 }, () => new Array(ib.length + 1).fill(0));
  for (let p = ia.length - 1; p >= 0; p--) {
    for (let q = ib.length - 1; q >= 0; q--) {
      const paired = similar(p, q) ? best[p + 1][q + 1] + diffs[p][q].similarity : 0;
      best[p][q] = Math.max(best[p + 1][q], best[p][q + 1], paired);
    }
  }
  const rows = [];
  let [p, q] = [0, 0];
  while (p < ia.length || q < ib.length) {
    if (p < ia.length && q < ib.length && similar(p, q) && best[p][q] === best[p + 1][q + 1] + diffs[p][q].similarity) {
      rows.push({ op: "expected", text: rawA[ia[p]], marks: diffs[p][q].marks.removed });
      rows.push({ op: "actual", text: rawB[ib[q]], marks: diffs[p][q].marks.added });
      p++;
      q++;
    } else if (q >= ib.length || (p < ia.length && best[p][q] === best[p + 1][q])) {
      rows.push(unpaired("expected", rawA)(ia[p++]));
    } else {
      rows.push(unpaired("actual", rawB)(ib[q++]));
    }
  }
  return rows;
}

// Quiz answers. The forms of a question (course/lessons.schema.json): a choice has `answer` (one right
// option, radio buttons) or `answers` (several, checkboxes); a fill has `answers` (one blank) or
// `blanks` (one list of accepted answers per blank). Answers given: an option index, a sorted array
// of option indexes, an array of blank texts, { row: right text } for match, a text for predict,
// an array of item indexes (the learner's program, in order) for order: an item is a line of the
// program (0 … lines-1) or a distractor (lines … lines+distractors-1), and one left out is not in it.
export const isMultipleChoice = (question) => Array.isArray(question.answers);
export const blanksOf = (question) => question.blanks ?? [question.answers];

// Whitespace in a blank doesn't count beyond separating words: `x * 2 ` is `x  *  2`.
const normalizeBlank = (text) => text.trim().replace(/\s+/g, " ");

// Which blanks hold an accepted answer, in template order.
export const blanksRight = (question, answer) =>
  blanksOf(question).map((accepted, i) => accepted.some((text) => normalizeBlank(text) === normalizeBlank(answer?.[i] ?? "")));

// How a multiple-answer choice went: right options chosen, right options in all, wrong options chosen.
export function choiceCounts(question, answer = []) {
  const found = answer.filter((i) => question.answers.includes(i)).length;
  return { found, total: question.answers.length, wrong: answer.length - found };
}

// Each returns true when the answer is right; a multiple-answer choice is all or nothing.
// An order (Parsons) question's items: the program's lines, then the lines that do not belong.
export const orderItems = (question) => [...question.lines, ...(question.distractors ?? []).map((distractor) => distractor.line)];
const isDistractor = (question, item) => item >= question.lines.length;

// Right when the learner's program is exactly the lines, in order (every distractor left out).
const inOrder = (question, order) =>
  Array.isArray(order) && order.length === question.lines.length && order.every((item, i) => orderItems(question)[item] === question.lines[i]);

// Which lines stand where they belong, in the learner's order (a distractor never does).
export const linesInPlace = (question, order) => order.map((item, i) => orderItems(question)[item] === question.lines[i]);

// The distractors the learner left in their program (indexes into question.distractors).
export const distractorsKept = (question, order) =>
  order.filter((item) => isDistractor(question, item)).map((item) => item - question.lines.length);

export const gradeQuestion = {
  choice: (question, answer) => {
    if (!isMultipleChoice(question)) return answer === question.answer;
    const { found, total, wrong } = choiceCounts(question, answer);
    return found === total && wrong === 0;
  },
  fill: (question, answer) => blanksRight(question, answer).every(Boolean),
  match: (question, answer) => question.pairs.every((pair, i) => answer?.[i] === pair.right),
  predict: (question, answer) => outputsMatch(question.answer, answer ?? ""),
  order: (question, answer) => inOrder(question, answer),
};

// Whether a value has the shape of an answer to the question (kept answers are checked with it).
const isText = (value) => typeof value === "string";
export const answerFits = {
  choice: (question, value) =>
    value === undefined || (isMultipleChoice(question) ? Array.isArray(value) && value.every(Number.isInteger) : Number.isInteger(value)),
  fill: (question, value) => value === undefined || (Array.isArray(value) && value.every(isText)),
  match: (question, value) => value === undefined || (value !== null && typeof value === "object" && !Array.isArray(value) && Object.values(value).every(isText)),
  predict: (question, value) => value === undefined || isText(value),
  // every line once (a question without distractors), or distinct items (some may be left out)
  order: (question, value) =>
    value === undefined ||
    (Array.isArray(value) &&
      value.every((item) => Number.isInteger(item) && item >= 0 && item < orderItems(question).length) &&
      new Set(value).size === value.length &&
      (question.distractors?.length > 0 || value.length === question.lines.length)),
};

// Whether the learner has given every part of an answer yet.
export const answerComplete = {
  choice: (question, answer) => (isMultipleChoice(question) ? answer?.length > 0 : Number.isInteger(answer)),
  fill: (question, answer) => blanksOf(question).every((_, i) => (answer?.[i] ?? "").trim() !== ""),
  match: (question, answer) => question.pairs.every((_, i) => answer?.[i]),
  predict: (question, answer) => (answer ?? "").trim() !== "",
  order: (question, answer) => Array.isArray(answer), // the learner has moved a line
};
