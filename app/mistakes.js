// Classic autograd mistakes and plain Python mistakes with tensors, recognised from a finished run
// (its error, its stderr, its code), each with the lesson that covers it (none for indentation). The messages are PyTorch's (the engine prints them byte for byte).
const stderrOf = (run) => run.chunks.filter((chunk) => chunk.stream === "stderr").map((chunk) => chunk.text).join("");

// Python code without its comments and strings' contents is enough for the loop test below.
const codeLines = (code) => code.split("\n").map((line) => line.replace(/#.*$/, ""));

// A training loop (its body calls backward() and updates something) in a program that never
// clears gradients.
function forgetsZeroGrad(code) {
  if (!/\.step\s*\(|-=|\.sub_\s*\(|\.data\s*=/.test(code)) return false;
  if (/zero_grad\s*\(|\.grad\.zero_\s*\(|\.grad\s*=\s*None|set_to_none/.test(code)) return false;
  const lines = codeLines(code);
  return lines.some((line, i) => {
    const loop = line.match(/^(\s*)(for|while)\b.*:\s*$/);
    if (!loop) return false;
    const indent = loop[1].length;
    for (const body of lines.slice(i + 1)) {
      if (!body.trim()) continue;
      if (body.match(/^\s*/)[0].length <= indent) return false;
      if (/\.backward\s*\(/.test(body)) return true;
    }
    return false;
  });
}

const RULES = [
  { id: "backward-twice", lesson: "retain-graph", error: /Trying to backward through the graph a second time/ },
  { id: "non-scalar-backward", lesson: "vector-jacobian", error: /grad can be implicitly created only for scalar outputs/ },
  { id: "inplace-leaf", lesson: "inplace-version", error: /leaf Variable that requires grad is being used in an in-place operation/ },
  { id: "modified-saved", lesson: "inplace-version", error: /modified by an inplace operation/ },
  { id: "integer-requires-grad", lesson: "requires-grad", error: /Only Tensors of floating point and complex dtype can require gradients/ },
  { id: "nonleaf-grad", lesson: "leaves-retain-grad", stderr: /\.grad attribute of a Tensor that is not a leaf Tensor is being accessed/ },
  { id: "zero-grad", lesson: "gradient-accumulation", code: forgetsZeroGrad },
  // Plain Python mistakes with tensors.
  { id: "call-attribute", lesson: "requires-grad", error: /^TypeError: '(Tensor|NoneType|(torch\.)?Size|bool|int|float|(torch\.)?dtype)' object is not callable/ },
  { id: "matmul-shapes", lesson: "matrix-multiplication", error: /mat1 and mat2 shapes cannot be multiplied|size mismatch, got input|inconsistent tensor size/ },
  { id: "broadcast-shapes", lesson: "arithmetic-broadcasting", error: /The size of tensor a \(\d+\) must match the size of tensor b/ },
  {
    id: "int-float",
    lesson: "tensors",
    error: /have the same dtype|result type Float can't be cast to the desired output type (Long|Int)|expected scalar type (Float|Double) but found (Long|Int)|Found dtype (Long|Int) but expected Float/,
  },
  { id: "item-many", lesson: "python-values", error: /a Tensor with \d+ elements cannot be converted to Scalar/ },
  { id: "indentation", lesson: null, error: /^(IndentationError|TabError):/ },
  // Packages that cannot be had in the browser: what the course offers instead.
  {
    id: "unsupported-module",
    lesson: null,
    error: /^ModuleNotFoundError: No module named '(pandas|sklearn|scipy|torchvision|torchaudio|torchtext|seaborn|tensorflow|keras|jax|PIL|cv2)[.']/,
  },
];

// The mistake a finished run shows, or null: { id, lesson } (lesson = a lesson id).
export function mistakeOf(run) {
  const result = run?.result;
  if (!result || (result.status !== "ok" && result.status !== "error")) return null;
  const message = result.status === "error" ? `${result.error.type}: ${result.error.message}` : "";
  const stderr = stderrOf(run);
  const rule = RULES.find((r) => (r.error && r.error.test(message)) || (r.stderr && r.stderr.test(stderr)) || (r.code && run.code && r.code(run.code)));
  return rule ? { id: rule.id, lesson: rule.lesson } : null;
}

// The mistake an error message (PyTorch's "RuntimeError: …") is, or null: { id, lesson }.
export function mistakeForMessage(message) {
  const rule = RULES.find((r) => r.error && r.error.test(message ?? ""));
  return rule ? { id: rule.id, lesson: rule.lesson } : null;
}
