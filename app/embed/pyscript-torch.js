// pyscript-torch.js: PyScript (@pyscript/core, vendored in vendor/pyscript/) with our Pyodide and
// our torch, for a page that has <script type="py"> or <script type="py-editor"> scripts:
//   <script type="module" src="…/pyscript-torch.js"></script>
// It gives each such script (the first of each py-editor env) a config naming our vendored
// Pyodide and unpacking pyengine.zip into Python's working directory, so `import torch` imports
// our engine; then it starts PyScript. Nothing is fetched from another host. A script that
// already has a config keeps it.
const here = (path) => new URL(path, import.meta.url).href;

export const config = {
  interpreter: here("./vendor/pyodide/pyodide.mjs"),
  files: { [here("./pyengine.zip")]: "./*" },
};

const text = JSON.stringify(config);
const editorEnvs = new Set();
for (const script of document.querySelectorAll('script[type="py"], script[type="py-editor"]')) {
  if (script.type === "py-editor") {
    // PyScript allows one config per editor environment (`env`; each editor without one is its own).
    const env = script.getAttribute("env");
    if (env !== null && editorEnvs.has(env)) continue;
    if (env !== null) editorEnvs.add(env);
  }
  if (!script.hasAttribute("config")) script.setAttribute("config", text);
}

const style = Object.assign(document.createElement("link"), { rel: "stylesheet", href: here("./vendor/pyscript/core.css") });
document.head.append(style);
await import(here("./vendor/pyscript/core.js"));
