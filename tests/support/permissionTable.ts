/**
 * The permission model's endpoint table, read from docs/ARCHITECTURE.md ("Permission model"): one
 * row per GraphQL field and REST route with who may call it, the scope and the rule functions.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ARCHITECTURE_MD = fileURLToPath(
  new URL('../../docs/ARCHITECTURE.md', import.meta.url),
);

/** The words the Who column may use (defined above the table in the document). */
export const WHO = [
  'public',
  'signed-in',
  'reader',
  'manager',
  'owner',
  'receiver',
  'signed link or reader',
  'room member',
] as const;
export type Who = (typeof WHO)[number];

export interface PermissionRow {
  endpoint: string;
  who: string;
  scope: string;
  /** Function names of src/server/permissions.ts; empty for "—". */
  rules: string[];
}

const SECTION = '## Permission model';

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());
}

const unquote = (text: string) => text.replace(/`/g, '').trim();

/** Parses the section's table whose first header cell is "Endpoint". */
export function parsePermissionTable(markdown: string): PermissionRow[] {
  const start = markdown.indexOf(`\n${SECTION}\n`);
  if (start < 0) throw new Error(`docs/ARCHITECTURE.md has no "${SECTION}" section`);
  const rest = markdown.slice(start + SECTION.length + 2);
  const end = rest.search(/\n## /);
  const lines = (end < 0 ? rest : rest.slice(0, end)).split('\n');
  const header = lines.findIndex((line) => line.startsWith('|') && cells(line)[0] === 'Endpoint');
  if (header < 0) throw new Error(`"${SECTION}" has no table whose first column is Endpoint`);
  const expected = ['Endpoint', 'Who', 'Scope', 'Rule'];
  if (cells(lines[header]!).join('|') !== expected.join('|'))
    throw new Error(`the endpoint table's columns must be ${expected.join(', ')}`);
  const rows: PermissionRow[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    const [endpoint = '', who = '', scope = '', rule = ''] = cells(line);
    rows.push({
      endpoint: unquote(endpoint),
      who,
      scope,
      rules: rule === '—' ? [] : rule.split(',').map(unquote),
    });
  }
  return rows;
}

export function readPermissionTable(): PermissionRow[] {
  return parsePermissionTable(readFileSync(ARCHITECTURE_MD, 'utf8'));
}
