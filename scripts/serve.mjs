// A tiny static server for dist/ on 127.0.0.1. By default it sends the two headers that make the
// page cross-origin isolated (SharedArrayBuffer → Stop interrupts Python instead of restarting it);
// --no-isolation leaves them out, as a plain static host would (the app's service worker then adds
// them). Every response carries the Content-Security-Policy of the site's index.html (its meta
// tag; an HTML page with a policy of its own gets that one), so workers get it too, and may be read
// by pages on other origins (Access-Control-Allow-Origin: *), which docs pages embedding the cells
// need (docs/embedding.md). It sends the build's pre-compressed copies (file.br,
// file.gz) to browsers that accept them.
// --log prints one line per response: method, path, status, body bytes sent, encoding.
//
//   node scripts/serve.mjs [--port N] [--dir dist] [--no-isolation] [--log]   (PORT env also sets the port)
import { createServer } from "node:http";
import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import { extname, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".wasm": "application/wasm",
  ".zip": "application/zip",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".ttf": "font/ttf",
};

// The policy in an HTML file's meta tag: index.html's for every file, unless an HTML page states its
// own (embed-demo.html: PyScript evaluates strings); one place to change each.
function contentSecurityPolicy(htmlFile) {
  let html;
  try {
    html = readFileSync(htmlFile, "utf8");
  } catch {
    return null;
  }
  return /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? null;
}

// Content-Encoding → the suffix of the build's pre-compressed copy, in order of preference.
const ENCODINGS = [["br", ".br"], ["gzip", ".gz"]];

export function serve({ dir, port = 8000, isolation = true, log = false }) {
  const base = resolve(dir);
  const policy = contentSecurityPolicy(join(base, "index.html"));
  const server = createServer((request, response) => {
    const headers = { "Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff", "Access-Control-Allow-Origin": "*" };
    if (isolation) {
      headers["Cross-Origin-Opener-Policy"] = "same-origin";
      headers["Cross-Origin-Embedder-Policy"] = "require-corp";
      headers["Cross-Origin-Resource-Policy"] = "cross-origin"; // an isolated docs page may embed embed.html
    }
    if (policy) headers["Content-Security-Policy"] = policy;
    const path = decodeURIComponent(new URL(request.url, "http://localhost").pathname);
    let file = normalize(join(base, path));
    if (file !== base && !file.startsWith(base + sep)) return send(response, 403, headers, "Forbidden");
    let stat;
    try {
      stat = statSync(file);
      if (stat.isDirectory()) stat = statSync((file = join(file, "index.html")));
    } catch {
      return send(response, 404, headers, "Not found");
    }
    headers["Content-Type"] = TYPES[extname(file)] ?? "application/octet-stream";
    const pagePolicy = extname(file) === ".html" && contentSecurityPolicy(file);
    if (pagePolicy) headers["Content-Security-Policy"] = pagePolicy;
    headers.Vary = "Accept-Encoding";
    const accepted = String(request.headers["accept-encoding"] ?? "");
    const [encoding, suffix] = ENCODINGS.find(([name, suffix]) => accepted.includes(name) && existsSync(file + suffix)) ?? [];
    if (encoding) {
      file += suffix;
      stat = statSync(file);
      headers["Content-Encoding"] = encoding;
    }
    const etag = `"${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}"`;
    headers.ETag = etag;
    if (request.headers["if-none-match"] === etag) return send(response, 304, headers);
    headers["Content-Length"] = stat.size;
    response.setHeaders(new Map(Object.entries(headers))).writeHead(200);
    if (request.method === "HEAD") return response.end();
    createReadStream(file).pipe(response);
  });
  if (log) server.on("request", (request, response) => response.on("finish", () => logResponse(request, response)));
  return new Promise((resolveServer, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolveServer(server));
  });
}

function logResponse(request, response) {
  const bytes = response.statusCode === 200 && request.method !== "HEAD" ? response.getHeader("Content-Length") : 0;
  console.log(`${request.method} ${request.url} ${response.statusCode} ${bytes} ${response.getHeader("Content-Encoding") ?? "identity"}`);
}

// For the command lines (this file, start.mjs): a busy port is one line of advice, not a stack trace.
export async function serveOrExit(options) {
  try {
    return await serve(options);
  } catch (error) {
    if (error.code !== "EADDRINUSE") throw error;
    console.error(`Port ${options.port} is already in use; pick another one, e.g. PORT=${options.port + 1} npm start`);
    process.exit(1);
  }
}

function send(response, status, headers, body = "") {
  response.setHeaders(new Map(Object.entries({ ...headers, "Content-Type": "text/plain; charset=utf-8" }))).writeHead(status);
  response.end(body);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const server = await serveOrExit({
    dir: option("--dir") ?? join(fileURLToPath(import.meta.url), "..", "..", "dist"),
    port: Number(option("--port") ?? process.env.PORT ?? 8000),
    isolation: !args.includes("--no-isolation"),
    log: args.includes("--log"),
  });
  console.log(`Serving the course at http://127.0.0.1:${server.address().port}/`);
}
