// `npm run release`: the classroom release, dist/autograd-course-<version>.zip, of the built site
// (run `npm run build` first; `npm run release` does) with TEACHERS.md and TEACHERS.html (the same
// guide, for a double-click), in one folder autograd-course-<version>/ so that unzipping gives a
// folder to copy to each laptop. The server's pre-compressed copies (.gz, .br) are left out: a
// file:// visit or any static server uses the originals.
//
// A build without clang and lld takes the compute kernels from the cache of an earlier build
// (scripts/kernels.mjs); when there were none, the build runs Python's own (slower) loops, and the
// release says so, on the command line and at the top of TEACHERS.html.
//
//   node scripts/release.mjs [--dist dist] [--out FILE.zip]
import { zipSync } from "fflate";
import MarkdownIt from "markdown-it";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const SERVER_ONLY = /\.(gz|br|zip)$/;
const STORED = /\.(zip|woff2?|png)$/; // already compressed
const BUILD_INFO = "build-info.json"; // scripts/build.mjs
const SLOWER_PATH = "This copy of the course was built without the compiled compute kernels (no clang/lld on the machine that built it): everything works, but larger tensor computations run slower.";

export function writeRelease({ dist = join(root, "dist"), out } = {}) {
  const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const info = existsSync(join(dist, BUILD_INFO)) ? JSON.parse(readFileSync(join(dist, BUILD_INFO), "utf8")) : { kernels: false };
  const folder = `autograd-course-${version}`;
  const guide = readFileSync(join(root, "TEACHERS.md"), "utf8");
  const files = {
    [`${folder}/TEACHERS.md`]: new TextEncoder().encode(guide),
    [`${folder}/TEACHERS.html`]: new TextEncoder().encode(guideHtml(guide, info.kernels ? null : SLOWER_PATH)),
  };
  for (const path of walk(dist)) {
    const name = relative(dist, path).split("\\").join("/");
    if (!SERVER_ONLY.test(name) && name !== BUILD_INFO) files[`${folder}/${name}`] = [readFileSync(path), { level: STORED.test(name) ? 0 : 6 }];
  }
  const zip = out ?? join(dist, `${folder}.zip`);
  writeFileSync(zip, zipSync(files));
  return { zip, kernels: info.kernels };
}

// TEACHERS.md as a page of its own (no script, no other file), with `note` above it.
function guideHtml(markdown, note) {
  const body = new MarkdownIt({ html: false, linkify: true }).render(markdown);
  const title = markdown.match(/^# (.*)$/m)?.[1] ?? "For teachers";
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${title.replace(/[<&]/g, (c) => (c === "<" ? "&lt;" : "&amp;"))}</title>
<style>
body { font: 17px/1.6 system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; }
code, pre { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 0.9em; }
pre { padding: 0.6rem; overflow-x: auto; border: 1px solid #8884; border-radius: 6px; }
table { border-collapse: collapse; } th, td { border: 1px solid #8886; padding: 0.2rem 0.5rem; text-align: left; }
.note { padding: 0.6rem 1rem; border: 2px solid #c80; border-radius: 6px; }
</style>
</head>
<body>
${note ? `<p class="note">${note}</p>\n` : ""}${body}</body>
</html>
`;
}

function* walk(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name) => (args.includes(name) ? resolve(args[args.indexOf(name) + 1]) : undefined);
  const { zip, kernels } = writeRelease({ dist: option("--dist"), out: option("--out") });
  console.log(`wrote ${relative(process.cwd(), zip)} (${(statSync(zip).size / 1e6).toFixed(1)} MB)`);
  if (!kernels) console.warn(`release: ${SLOWER_PATH} (TEACHERS.html says so.)`);
}
