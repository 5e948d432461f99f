// `npm run pack-embed`: what pages with <torch-cell>s load, as an npm package a docs project can
// vendor (docs/embedding.md, "Vendoring the files"): dist/torch-cell-embed-<version>.tgz, made by
// `npm pack` from a staging folder holding the built site without what only the course itself uses
// from file:// (offline/) and the server's pre-compressed copies, plus a package.json and the
// embedding guide as its README. Run `npm run build` first (`npm run pack-embed` does).
//
//   node scripts/pack-embed.mjs [--dist dist]
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const NOT_PACKED = /(^|\/)offline(\/|$)|\.(gz|br)$|\.tgz$|^autograd-course-.*\.zip$/;

export function packEmbed({ dist = join(root, "dist") } = {}) {
  const { version, license } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const staging = join(root, "node_modules", ".cache", "pack-embed", "torch-cell-embed");
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  cpSync(dist, staging, { recursive: true, filter: (path) => path === dist || !NOT_PACKED.test(path.slice(dist.length + 1).split("\\").join("/")) });
  writeFileSync(
    join(staging, "package.json"),
    JSON.stringify(
      {
        name: "torch-cell-embed",
        version,
        description: "Runnable, checked PyTorch cells for any page: <torch-cell> and the in-browser torch they run on.",
        license: license ?? "MIT",
        type: "module",
        main: "embed.js",
        files: ["**/*"],
      },
      null,
      2,
    ) + "\n",
  );
  cpSync(join(root, "docs", "embedding.md"), join(staging, "README.md"));
  const name = execFileSync("npm", ["pack", "--silent", "--pack-destination", resolve(dist)], { cwd: staging, encoding: "utf8" }).trim().split("\n").pop();
  return join(resolve(dist), basename(name));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const tarball = packEmbed({ dist: args.includes("--dist") ? resolve(args[args.indexOf("--dist") + 1]) : undefined });
  console.log(`Wrote ${tarball}`);
}
