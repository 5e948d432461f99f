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
  continueLesson: (title) => `Continue: ${title}`,
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

  practice: "Practice",
  editorLabel: "Your program",
  editorHelp: "Ctrl+Enter (⌘+Enter) runs. Tab indents; press Esc, then Tab, to leave the editor.",
  run: "Run",
  stop: "Stop",
  reset: "Reset to starter",
  resetConfirm: "Replace your code with the starter code?",
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
  diffMore: (count) => `… and ${count.toLocaleString("en")} more lines of the diff, not shown.`,
  diffExpected: "expected",
  diffActual: "yours",
  diffLegend: "Lines marked − are expected, + are what your program printed; differing characters are highlighted.",
  hint: (shown, total) => (shown === 0 ? `Show a hint (${total})` : `Next hint (${shown}/${total} shown)`),
  hintsAllShown: (total) => plural(total, { one: "The hint is shown", other: `All ${total} hints shown` }),
  hintHeading: (n) => `Hint ${n}`,
  showSolution: "Show the sample solution",
  solutionConfirm: "Show the sample solution? Try the hints first — you learn more by solving it yourself.",
  solutionHeading: "Sample solution",
  useSolution: "Copy into the editor",

  questions: "Questions",
  questionLabel: (n) => `Question ${n}`,
  check: "Check",
  retry: "Try again",
  correct: "Correct!",
  incorrect: "Not quite.",
  explanation: "Explanation:",
  choicesLabel: "Options",
  fillLabel: "Your answer for the blank",
  matchLabel: (left) => `Match for ${left}`,
  matchChoose: "Choose…",
  predictLabel: "What does this program print?",

  progress: "Your progress",
  exportProgress: "Export progress",
  importProgress: "Import progress",
  resetProgress: "Reset progress",
  resetProgressConfirm: "Erase all progress and drafts in this browser?",
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
  graph: {
    title: "Autograd graph",
    show: "Show graph",
    hide: "Hide graph",
    runFirst: "Run the program to see the graph it builds.",
    noTensors: "The program left no tensor that requires grad.",
    pick: "Tensor: ",
    leaf: "leaf",
    loading: "Reading the graph…",
    zoom: "Zoom",
    zoomIn: "Zoom in",
    zoomOut: "Zoom out",
    fit: "Fit",
    svgLabel: (name, n) => `Autograd graph of ${name}, ${n} nodes; the same graph is listed as text below.`,
    clickNode: "Click a node for its shape, value and saved tensors; click a group box to open it. Drag to pan; Ctrl + wheel or the buttons zoom.",
    close: "Close",
    leafValue: "value",
    constant: "constant input",
    output: "output",
    module: "module",
    noGrad: "None (no backward reached it yet)",
    saved: "saved tensors",
    freed: "freed by backward() (retain_graph=True keeps them)",
    stepHeading: "Backward, step by step",
    fromRun: (seed) => `The program's own backward() call, in the order the engine ran it (seed gradient ${seed}).`,
    dryRun: "No backward() ran from this tensor: these are the steps it would take (seed gradient 1); .grad is left alone.",
    noSteps: (error) => `The steps cannot be shown: ${error}`,
    previous: "← Step back",
    next: "Step →",
    stepOf: (n, total) => `step ${n} of ${total}`,
    incoming: "incoming gradient",
    summed: (from) => `summed from ${from.join(" and ")}`,
    to: (name) => `to ${name}`,
    wouldAccumulate: (leaf, value) => `${leaf}.grad would get ${value}`,
    gradcheck: "Check gradients",
    gradcheckHelp: "autograd against central finite differences, in float64, for every leaf",
    gradcheckScalar: "pick a scalar (one element) to check its gradients",
    gradcheckPass: "Autograd agrees with finite differences for every leaf.",
    gradcheckFail: "Autograd disagrees with finite differences: a backward formula is wrong.",
    leafColumn: "leaf",
    numericColumn: "finite differences",
    errorColumn: "max error",
    sampled: (checked, total) => `${checked} of ${total} elements`,
    seenAbove: "(shown above)",
    asText: "The graph as a list (each node, then its inputs)",
    with: "with",
  },
  mistakes: {
    lessonLink: (title) => `Lesson: ${title}`,
    "backward-twice": "backward() frees the graph's saved tensors as it goes, so a second backward() through the same graph has nothing to work with. Rebuild the graph (run the forward again), or pass retain_graph=True to the first backward().",
    "non-scalar-backward": "backward() without an argument only works on a single number (like a loss). For a tensor with several elements, reduce it first (y.sum().backward()) or pass the vector to multiply by: y.backward(torch.ones_like(y)).",
    "inplace-leaf": "A leaf that requires grad must keep the value autograd started from, so in-place changes to it are refused. Update parameters inside torch.no_grad(), or compute a new tensor instead of changing this one.",
    "modified-saved": "A tensor that backward needs was changed in place after it was saved (its version counter moved on). Use the out-of-place form (x = x * 2 instead of x *= 2, torch.relu instead of relu_), or clone() before changing it.",
    "nonleaf-grad": "Only leaves (tensors you created with requires_grad=True) get a .grad; intermediate results have .grad None. Call .retain_grad() on the intermediate before backward() to keep its gradient.",
    "zero-grad": "backward() adds into .grad, so in a loop the gradients of earlier steps pile up unless you clear them: call optimizer.zero_grad() (or x.grad.zero_()) at the start of every step.",
    "integer-requires-grad": "Only floating-point tensors can require gradients: a gradient is a small change, and integers cannot change a little. Create the tensor with a float dtype (torch.tensor(2.0), or dtype=torch.float32).",
  },
};
