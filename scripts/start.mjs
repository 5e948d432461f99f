// `npm start`: install the npm packages if needed, build dist/, serve it on http://127.0.0.1:8000 (PORT overrides).
import { execSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const installed = join(root, "node_modules", ".package-lock.json");
if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(join(root, "package-lock.json")).mtimeMs) {
  console.log("Installing npm packages…");
  execSync("npm ci --no-audit --no-fund", { cwd: root, stdio: "inherit" });
}
const { buildSite, buildSummary } = await import("./build.mjs");
const started = Date.now();
await buildSite();
console.log(buildSummary(join(root, "dist"), started));
const { serveOrExit } = await import("./serve.mjs");
const server = await serveOrExit({ dir: join(root, "dist"), port: Number(process.env.PORT ?? 8000) });
console.log(`\nThe course is at http://127.0.0.1:${server.address().port}/  (Ctrl+C stops the server)`);
