// fs.globSync for Node.js 20, loaded with `node --import ./fs-globsync-polyfill.mjs` before the
// conformance suite: @modelcontextprotocol/conformance does `import { globSync } from "fs"`, which
// Node added in 22, so on 20 the suite does not even load. The named exports of a built-in ES
// module are fixed when Node starts, so adding fs.globSync is not enough: a resolve hook sends
// every other module's "fs" / "node:fs" to this file, which re-exports node:fs plus globSync.
// On Node 22 and later it does nothing. Only the suite's tier-check command calls globSync, with
// a pattern such as "**/checks.json" and { cwd }.
import fs from 'node:fs';
import { register } from 'node:module';
import path from 'node:path';

export * from 'node:fs';
export default fs;

/** Files and folders under options.cwd (relative paths) matching the glob(s), via path.matchesGlob. */
export function globSync(patterns, options = {}) {
  const cwd = options.cwd ?? process.cwd();
  const wanted = [patterns].flat();
  const found = [];
  const walk = (relative) => {
    for (const entry of fs.readdirSync(path.join(cwd, relative), { withFileTypes: true })) {
      const child = relative ? path.join(relative, entry.name) : entry.name;
      if (wanted.some((pattern) => path.matchesGlob(child, pattern))) found.push(child);
      if (entry.isDirectory()) walk(child);
    }
  };
  walk('');
  return found;
}

if (typeof fs.globSync !== 'function') {
  const self = JSON.stringify(import.meta.url);
  register('data:text/javascript,' + encodeURIComponent(`
    export async function resolve(specifier, context, next) {
      if ((specifier === 'fs' || specifier === 'node:fs') && context.parentURL !== ${self}) {
        return { url: ${self}, shortCircuit: true };
      }
      return next(specifier, context);
    }`));
}
