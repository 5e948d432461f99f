// Grading: program output against the expected output (with a line diff), and quiz answers.

// What learners see as "the same output": trailing spaces on a line and trailing blank lines don't count.
export function normalizeOutput(text) {
  const lines = text.replace(/\r\n?/g, "\n").split("\n").map((line) => line.trimEnd());
  while (lines.length && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

export function outputsMatch(expected, actual) {
  const [a, b] = [normalizeOutput(expected), normalizeOutput(actual)];
  return a.length === b.length && a.every((line, i) => line === b[i]);
}

// Rows of a line diff: { op: "same" | "expected" | "actual", text, marks: [[from, to]] }.
// A changed line is shown as its expected row then its actual row, with the differing characters marked.
export function diffOutputs(expected, actual) {
  const a = normalizeOutput(expected);
  const b = normalizeOutput(actual);
  // Longest common subsequence of lines, filled from the end.
  const common = Array.from({ length: a.length + 1 }, () => new Array(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      common[i][j] = a[i] === b[j] ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
    }
  }
  const rows = [];
  let removed = [];
  let added = [];
  const flush = () => {
    const pairs = Math.min(removed.length, added.length);
    removed.forEach((text, k) => rows.push({ op: "expected", text, marks: k < pairs ? [changedSpan(text, added[k])] : [] }));
    added.forEach((text, k) => rows.push({ op: "actual", text, marks: k < pairs ? [changedSpan(text, removed[k])] : [] }));
    removed = [];
    added = [];
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      flush();
      rows.push({ op: "same", text: a[i], marks: [] });
      i++;
      j++;
    } else if (j >= b.length || (i < a.length && common[i + 1][j] >= common[i][j + 1])) {
      removed.push(a[i++]);
    } else {
      added.push(b[j++]);
    }
  }
  flush();
  return rows;
}

// The part of `text` that differs from `other`: everything between their common prefix and suffix.
function changedSpan(text, other) {
  let start = 0;
  while (start < text.length && start < other.length && text[start] === other[start]) start++;
  let end = 0;
  while (end < text.length - start && end < other.length - start && text[text.length - 1 - end] === other[other.length - 1 - end]) end++;
  return [start, Math.max(start, text.length - end)];
}

// Quiz answers. The forms of a question (course/lessons.schema.json): a choice has `answer` (one right
// option, radio buttons) or `answers` (several, checkboxes); a fill has `answers` (one blank) or
// `blanks` (one list of accepted answers per blank). Answers given: an option index, a sorted array
// of option indexes, an array of blank texts, { row: right text } for match, a text for predict.
export const isMultipleChoice = (question) => Array.isArray(question.answers);
export const blanksOf = (question) => question.blanks ?? [question.answers];

// Whitespace in a blank doesn't count beyond separating words: `x * 2 ` is `x  *  2`.
export const normalizeBlank = (text) => text.trim().replace(/\s+/g, " ");

// Which blanks hold an accepted answer, in template order.
export const blanksRight = (question, answer) =>
  blanksOf(question).map((accepted, i) => accepted.some((text) => normalizeBlank(text) === normalizeBlank(answer?.[i] ?? "")));

// How a multiple-answer choice went: right options chosen, right options in all, wrong options chosen.
export function choiceCounts(question, answer = []) {
  const found = answer.filter((i) => question.answers.includes(i)).length;
  return { found, total: question.answers.length, wrong: answer.length - found };
}

// Each returns true when the answer is right; a multiple-answer choice is all or nothing.
export const gradeQuestion = {
  choice: (question, answer) => {
    if (!isMultipleChoice(question)) return answer === question.answer;
    const { found, total, wrong } = choiceCounts(question, answer);
    return found === total && wrong === 0;
  },
  fill: (question, answer) => blanksRight(question, answer).every(Boolean),
  match: (question, answer) => question.pairs.every((pair, i) => answer?.[i] === pair.right),
  predict: (question, answer) => outputsMatch(question.answer, answer ?? ""),
};

// Whether the learner has given every part of an answer yet.
export const answerComplete = {
  choice: (question, answer) => (isMultipleChoice(question) ? answer?.length > 0 : Number.isInteger(answer)),
  fill: (question, answer) => blanksOf(question).every((_, i) => (answer?.[i] ?? "").trim() !== ""),
  match: (question, answer) => question.pairs.every((_, i) => answer?.[i]),
  predict: (question, answer) => (answer ?? "").trim() !== "",
};
