// Whether a program may have changed the files of some folders in Pyodide's in-memory file system
// (Emscripten's MEMFS), answered from the file system's own nodes in JS: microseconds, where
// Python's os.stat and listing of each file and folder costs milliseconds before every run. Used by the
// worker (app/worker.js) to let BootState skip its file check when nothing changed; BootState
// still checks and puts back the files itself whenever this says something did (boot_state.py).
//
// Conservative: whatever a program does to these folders through the file system (write, truncate,
// chmod, utime, create, remove, rename, mkdir, symlink, mount) changes something looked at here: a
// path's node, a folder's entries, a node's mode or mount, a file's size or contents buffer, or its
// mtime or ctime, both of which every write sets, and ctime no call lets a program choose.
// (A program that rewrites these JS objects through `js` is beyond any check made inside the
// worker, as is one that writes the wasm heap.)

// owned: folders checked to the last file; scratch: folders whose entries (not their contents)
// are checked, also where they lie inside an owned folder. Takes its first look at once.
// Returns { changed(): whether anything differs from the last look, look(): look again }.
export function watchFiles(FS, { owned, scratch }) {
  let roots = []; // [path, node it resolved to]
  let nodes = []; // [node, mode, mounted, mtime, ctime, usedBytes, contents, names, their nodes] (names of folders only)

  function look() {
    roots = [...owned, ...scratch].map((path) => [path, FS.lookupPath(path).node]);
    const scratchNodes = new Set(roots.slice(owned.length).map(([, node]) => node));
    nodes = [];
    const visit = (node, deep) => {
      const isDir = FS.isDir(node.mode);
      const names = isDir ? Object.keys(node.contents) : null;
      const children = isDir ? Object.values(node.contents) : null;
      nodes.push([node, node.mode, node.mounted, node.mtime, node.ctime, node.usedBytes, isDir ? null : node.contents, names, children]);
      if (deep && isDir) for (const child of children) visit(child, !scratchNodes.has(child));
    };
    roots.forEach(([, node], index) => visit(node, index < owned.length));
  }

  function changed() {
    for (const [path, node] of roots) {
      try {
        if (FS.lookupPath(path).node !== node) return true;
      } catch {
        return true; // gone
      }
    }
    for (const [node, mode, mounted, mtime, ctime, usedBytes, contents, names, children] of nodes) {
      if (node.mode !== mode || node.mounted !== mounted || node.mtime !== mtime || node.ctime !== ctime || node.usedBytes !== usedBytes) return true;
      if (!names) {
        if (node.contents !== contents) return true;
        continue;
      }
      const now = node.contents;
      let count = 0;
      for (const name in now) {
        if (name !== names[count] || now[name] !== children[count]) return true;
        count++;
      }
      if (count !== names.length) return true;
    }
    return false;
  }

  look();
  return { changed, look };
}
