// Every piece of text the interface shows, in one place. `en` below is the English catalog, the
// source of every translation (app/i18n/<language>.js). Views read `strings`: the active language's
// catalog, falling back to English key by key, so a text not translated yet still shows (in English).
import { config } from "./config.js";
import { pluralRules } from "./i18n/plural.js";
import { tr } from "./i18n/tr.js";

const translations = { tr };
let active = null; // the merged catalog of the language in use; null until useLanguage() (English)

export const strings = new Proxy({}, { get: (_, key) => (active ?? en)[key] });

export function useLanguage(code) {
  active = withFallback(translations[code] ?? {}, en);
}

// A catalog with every key of `english`: the translation's entry where it has one of the same kind
// (a text stays a text, a function of the counts and names it shows stays a function).
function withFallback(translation, english) {
  return Object.fromEntries(
    Object.entries(english).map(([key, text]) => [
      key,
      text && typeof text === "object"
        ? withFallback(translation[key] ?? {}, text)
        : typeof translation[key] === typeof text ? translation[key] : text,
    ]),
  );
}

const plural = pluralRules("en");

export const en = {
  appTitle: "Autograd, hands on",
  appTagline: "Learn how PyTorch computes gradients — in your browser, nothing to install.",
  courseLink: "All lessons",
  loadingCourse: "Loading the course…",
  courseError: "The course could not be loaded",
  courseErrorHelp: "lessons.json has problems (path of the field: problem):",
  retryLoading: "Retry",
  // Why a file could not be had (files.js FileError reasons), and what to do about it.
  fileFailure: {
    offline: (file) => `${file} could not be downloaded: the network or the server cannot be reached. Check the connection, then retry.`,
    http: (file, status) => `The server answered “${status}” for ${file}: the site is incomplete or has moved. Retry, or tell whoever runs it.`,
    missing: (file) => `${file} is missing from the course folder. Copy the whole folder again (or unzip the release again), then retry.`,
  },
  // When this browser cannot run the course from a file (file://): the one thing to do instead.
  serveFolder: "This browser cannot run the course from a file on disk; serve the folder instead: in the folder run",
  serveFolderCommand: "python3 -m http.server 8000",
  serveFolderThen: ", then open http://localhost:8000/",
  newVersion: "A new version is available — reload",
  reload: "Reload",
  lessonNotFound: (id) => `There is no lesson “${id}”.`,
  searchLabel: "Search lessons",
  searchPlaceholder: "Search titles and text",
  noSearchResults: "No lesson matches your search.",
  documentTitle: (lessonTitle, appTitle) => `${lessonTitle} · ${appTitle}`,
  continueHeading: "Continue where you left off",
  startHeading: "Start the course",
  continueButton: "Continue",
  startButton: "Start",
  lessonNumber: (n) => `Lesson ${n}`,
  overallProgress: (passed, total) => `${passed} of ${total} ${plural(total, { one: "practice", other: "practices" })} passed`,
  overallQuiz: (right, total) => `${right} of ${total} ${plural(total, { one: "question", other: "questions" })} answered right`,
  sectionProgress: (passed, total) => `${passed}/${total} passed`,
  currentSection: "you are here",
  breadcrumb: "Breadcrumb",
  lessonNavigation: "Previous and next lesson",
  previous: "Previous",
  language: "Language",
  skipToContent: "Skip to the content",
  next: "Next",

  lessonState: {
    "not-started": "Not started",
    "in-progress": "In progress",
    passed: "Practice passed",
  },
  quizScore: (right, total) => `Quiz ${right}/${total}`,

  python: {
    runtime: "Loading Python…",
    engine: "Loading the torch engine…",
    ready: "Python ready",
    running: "Running…",
    restarting: "Restarting Python…",
    failed: "Python could not start",
    hung: (stage, seconds) => `Python stopped making progress while ${stage === "engine" ? "loading the torch engine" : "loading"} (nothing for ${seconds} s). Retry, or reload the page.`,
    restart: "Restart Python",
    restartHelp: "Start a fresh Python: every program already starts clean, so this is only for when Python seems stuck.",
    stopRun: "Stop the running program",
    workerFailed: "the Python worker failed to load",
    engineFailed: "Python is ready, but our torch engine failed to import; plain Python still works.",
  },

  exampleEditorLabel: (n) => `Example ${n} code`,
  runExample: "Run",
  resetExample: "Reset",
  examplePreludeNote: "Runs the lesson's earlier examples first, like notebook cells.",
  expectedOutput: "Expected output",
  yourOutput: "Your output",
  outputMatches: "matches the expected output",

  practice: "Practice",
  editorLabel: "Your program",
  editorHelp: "Ctrl+Enter (⌘+Enter) runs. Tab indents; press Esc, then Tab, to leave the editor.",
  run: "Run",
  stop: "Stop",
  reset: "Reset to starter",
  resetConfirm: "Replace your code with the starter code?",
  resetConfirmButton: "Replace my code",
  cancel: "Cancel",
  practicePassed: "Passed",
  lastRunNote: "Your last run, kept from your previous visit:",
  lastRunNoteCut: (chars) => `Your last run, kept from your previous visit (its first ${chars.toLocaleString("en")} characters):`,
  output: "Output",
  noOutput: "(no output)",
  outputTruncated: (lines) =>
    `Output truncated after ${Number(lines).toLocaleString("en")} lines: it reached the limit of ${config.outputLimitChars.toLocaleString("en")} characters. The program kept running; the rest of its output is not shown.`,
  crashed: (message) => `Python stopped working (${message}) and was restarted. Run your program again.`,
  stopped: "Stopped.",
  timedOut: (seconds) => `Stopped: the program ran longer than the ${seconds} s time limit.`,
  pass: "Correct — your program prints the expected output.",
  fail: "Not yet — your output differs from the expected output:",
  failWithError: "Not yet — your program stopped with an error.",
  diffMore: (count) => `… and ${count.toLocaleString("en")} more ${plural(count, { one: "line", other: "lines" })} of the diff, not shown.`,
  diffExpected: "expected",
  diffActual: "yours",
  diffLegendExpected: "a line your program should print",
  diffLegendActual: "a line it printed instead",
  diffLegendMark: "the characters that differ",
  diffSpace: "space",
  diffTab: "tab",
  diffEmptyLine: "(empty line)",
  diffNoFinalNewline: "no newline at the end",
  hint: (shown, total) => (shown === 0 ? `Show a hint (${total})` : `Next hint (${shown}/${total} shown)`),
  hintsAllShown: (total) => plural(total, { one: "The hint is shown", other: `All ${total} hints shown` }),
  hintHeading: (n) => `Hint ${n}`,
  showSolution: "Show the sample solution",
  solutionConfirm: "Show the sample solution? Try the hints first — you learn more by solving it yourself.",
  solutionConfirmButton: "Show the solution",
  solutionHeading: "Sample solution",
  useSolution: "Copy into the editor",

  questions: "Questions",
  questionLabel: (n) => `Question ${n}`,
  check: "Check",
  retry: "Try again",
  correct: "Correct!",
  incorrect: "Not quite.",
  explanation: "Explanation:",
  showAnswer: "Show the answer",
  answerShown: "The answer:",
  yourChoiceWrong: "your choice, not right",
  rightOption: "right answer",
  realOutput: "What the program really prints:",
  matchRowsRight: (right, total) => `${right} of ${total} ${plural(total, { one: "row", other: "rows" })} right.`,
  predictLinesRight: (right, total) => `${right} of ${total} ${plural(total, { one: "line", other: "lines" })} right.`,
  choicesLabel: "Options",
  fillLabel: "Your answer for the blank",
  matchLabel: (left) => `Match for ${left}`,
  matchChoose: "Choose…",
  predictLabel: "Your prediction, line by line",

  progress: "Your progress",
  exportProgress: "Export progress",
  importProgress: "Import progress",
  resetProgress: "Reset progress",
  resetProgressConfirm: "Erase all progress and drafts in this browser?",
  resetProgressConfirmButton: "Erase everything",
  importFailed: (message) => `Could not import that file (nothing was changed): ${message}`,
  imported: "Progress imported.",
  importedNotSaved: (problem) => `Progress imported into this tab, but ${problem}`,
  importTooLarge: (size, limit) => `the file is ${(size / 1e6).toFixed(1)} MB; a progress file can be at most ${limit / 1e6} MB`,
  importNotJSON: "the file is not JSON",
  importNotProgress: "this is not a progress file of this course",
  moreProblems: (count) => ` (and ${count} more)`,
  storageRefused: (reason) => `your progress could not be saved: ${reason}. Your work stays in this tab; use Export progress on the course page to keep a copy.`,
  storageFull: "the browser's storage for this site is full",
  notSaved: (problem) => `this lesson's work is not saved (${problem}); it stays in this tab`,
  saveProblem: (problem) => problem[0].toUpperCase() + problem.slice(1),
  storageUnavailable: "Your browser does not let this page store data, so progress and drafts will not be kept after you leave.",

  chooseAll: "Select all that apply.",
  choiceCount: (found, total, wrong) =>
    (found === total ? `You found all ${total} right options` : `You found ${found} of the ${total} right options (${total - found} missing)`) +
    (wrong ? plural(wrong, { one: `, and ${wrong} of your choices is wrong.`, other: `, and ${wrong} of your choices are wrong.` }) : "."),
  blankLabel: (n, total) => `Blank ${n} of ${total}`,
  blanksCount: (right, total) => `${right} of ${total} blanks are right; the wrong ones are marked.`,
  matchHelp: "Drag each card onto its row, or pick it from the row's menu. With the keyboard: Space picks a card up, the arrow keys move it from row to row, Space drops it, Escape puts it back.",
  matchHelpTouch: "Pick the match for each row from its menu.",
  matchCards: "Cards to place",
  matchCardRole: "draggable card",
  matchCardPlaced: (left) => `placed on ${left}`,
  matchPickedUp: (card, left) => `Picked up ${card}, over ${left}. Arrow keys choose a row, Space drops, Escape cancels.`,
  matchOver: (card, left, n, total) => `${card} over ${left}, row ${n} of ${total}.`,
  matchDropped: (card, left) => `${card} placed on ${left}.`,
  matchCancelled: (card) => `${card} put back.`,

  // Embedded cells (<torch-cell>) and the iframe embed (embed.html).
  embed: {
    cellLabel: (n) => `Python code, cell ${n}`,
    cellHelp: "Ctrl+Enter (⌘+Enter) runs the cell. Tab indents; press Esc, then Tab, to leave the editor.",
    runTitle: "Run (Ctrl+Enter)",
    waiting: "Waiting for the cell before to finish…",
    badPart: (part) => `There is no part “${part}” to embed; use practice, example-N or questions.`,
    noPart: "Nothing to show: the address needs #lesson=<id>&part=… or #code=….",
    openCourse: "Open in the course",
  },
};
