// Run a Python snippet under Pyodide (the browser's Python) in Node, with the project's pure
// packages copied into Pyodide's in-memory file system.  Usage:
//   node run_pyodide.mjs PYODIDE_DIR PACKAGE_DIR SNIPPET_FILE
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, packageDir, snippetFile] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });

// A browser's WebSocket (npm's ws beside pyodide, where it was installed), for the broker's client.
if (globalThis.WebSocket === undefined && existsSync(join(pyodideDir, "..", "ws"))) {
  globalThis.WebSocket = createRequire(join(pyodideDir, "package.json"))("ws");
}

// A browser's localStorage, for the web storage backend.
const store = new Map();
globalThis.localStorage = {
  getItem: (k) => (store.has(k) ? store.get(k) : null),
  setItem: (k, v) => store.set(k, String(v)),
  removeItem: (k) => store.delete(k),
  key: (i) => [...store.keys()][i] ?? null,
  get length() {
    return store.size;
  },
};

const root = "/app";
function copyTree(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === "__pycache__") continue;
    const target = join(root, "pyxel_app", relative(packageDir, path));
    if (statSync(path).isDirectory()) {
      pyodide.FS.mkdirTree(target);
      copyTree(path);
    } else {
      pyodide.FS.writeFile(target, readFileSync(path));
    }
  }
}
pyodide.FS.mkdirTree(join(root, "pyxel_app"));
copyTree(packageDir);
const result = await pyodide.runPythonAsync(
  `import sys\nsys.path.insert(0, "${root}")\n` + readFileSync(snippetFile, "utf8"),
);
console.log(String(result));
process.exit(0); // a socket the snippet left open would keep Node waiting
