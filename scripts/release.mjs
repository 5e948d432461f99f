// `npm run release`: the classroom release, dist/autograd-course-<version>.zip, of the built site
// (run `npm run build` first; `npm run release` does) with TEACHERS.md, in one folder
// autograd-course-<version>/ so that unzipping gives a folder to copy to each laptop. The server's
// pre-compressed copies (.gz, .br) are left out: a file:// visit or any static server uses the originals.
//
//   node scripts/release.mjs [--dist dist] [--out FILE.zip]
import { zipSync } from "fflate";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const SERVER_ONLY = /\.(gz|br|zip)$/;
const STORED = /\.(zip|woff2?|png)$/; // already compressed

export function writeRelease({ dist = join(root, "dist"), out } = {}) {
  const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const folder = `autograd-course-${version}`;
  const files = { [`${folder}/TEACHERS.md`]: readFileSync(join(root, "TEACHERS.md")) };
  for (const path of walk(dist)) {
    const name = relative(dist, path).split("\\").join("/");
    if (!SERVER_ONLY.test(name)) files[`${folder}/${name}`] = [readFileSync(path), { level: STORED.test(name) ? 0 : 6 }];
  }
  const zip = out ?? join(dist, `${folder}.zip`);
  writeFileSync(zip, zipSync(files));
  return zip;
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
  const zip = writeRelease({ dist: option("--dist"), out: option("--out") });
  console.log(`wrote ${relative(process.cwd(), zip)} (${(statSync(zip).size / 1e6).toFixed(1)} MB)`);
}
