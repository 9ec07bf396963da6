#!/usr/bin/env node
// `npm run rebuild:electron`: builds better-sqlite3 for Electron's ABI in build/electron-native,
// leaving node_modules/better-sqlite3 (the Node build the tests use) untouched.
//   1. copy node_modules/better-sqlite3 to build/electron-native/node_modules/better-sqlite3
//      (with a package.json naming it, so @electron/rebuild sees a project)
//   2. @electron/rebuild against the installed electron version (prebuilt binary or node-gyp with
//      Electron's headers; both need the network the first time)
//   3. check build/electron-native/better_sqlite3.node exists; electron-builder ships it as
//      resources/native/better_sqlite3.node (extraResources in electron-builder.yml) and the main
//      process opens databases with `new Database(file, { nativeBinding: <that path> })`.
// Fails with a clear message (exit 1) when the headers or prebuilt binaries cannot be downloaded.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const outDir = path.join(root, 'build', 'electron-native');
const moduleSource = path.join(root, 'node_modules', 'better-sqlite3');
const moduleCopy = path.join(outDir, 'node_modules', 'better-sqlite3');
const binaryOut = path.join(outDir, 'better_sqlite3.node');

function fail(message) {
  // Leave nothing behind that could pass for an Electron build.
  rmSync(outDir, { recursive: true, force: true });
  console.error(`rebuild:electron failed: ${message}`);
  process.exit(1);
}

if (!existsSync(moduleSource))
  fail('node_modules/better-sqlite3 is missing; run npm install first.');
const electronVersion = readJson(
  path.join(root, 'node_modules', 'electron', 'package.json'),
).version;
const sqliteVersion = readJson(path.join(moduleSource, 'package.json')).version;

rmSync(outDir, { recursive: true, force: true });
mkdirSync(path.dirname(moduleCopy), { recursive: true });
cpSync(moduleSource, moduleCopy, {
  recursive: true,
  // The Node build must not be mistaken for an Electron one.
  filter: (source) =>
    !source.startsWith(path.join(moduleSource, 'build') + path.sep) &&
    source !== path.join(moduleSource, 'build'),
});
writeFileSync(
  path.join(outDir, 'package.json'),
  `${JSON.stringify({ name: 'lexdesk-electron-native', private: true, dependencies: { 'better-sqlite3': sqliteVersion } }, null, 2)}\n`,
);

console.log(
  `Rebuilding better-sqlite3 ${sqliteVersion} for Electron ${electronVersion} in ${path.relative(root, outDir)} ...`,
);
const { rebuild } = await import('@electron/rebuild');
try {
  await rebuild({
    buildPath: outDir,
    electronVersion,
    onlyModules: ['better-sqlite3'],
    force: true,
    mode: 'sequential',
  });
} catch (error) {
  const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
  fail(
    `${detail}\nBuilding native modules for Electron needs Electron's headers (or a prebuilt binary) from the network, ` +
      'plus a C++ toolchain. Run this on a machine that can reach electronjs.org and github.com (CI does).',
  );
}

const built = path.join(moduleCopy, 'build', 'Release', 'better_sqlite3.node');
if (!existsSync(built))
  fail(`the rebuild reported success but ${path.relative(root, built)} does not exist.`);
cpSync(built, binaryOut);
console.log(`Electron build of better-sqlite3: ${path.relative(root, binaryOut)}`);
