/** Command line of the headless scanner-station agent (see ../agent.ts). */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { defaultDataDir } from '../services/paths';

export const AGENT_USAGE = `Usage: npm run agent -- --watch DIR [--watch DIR2 ...] --server URL --company ID
       (--email E --password-env VAR | --token-env VAR) [options]
  --watch DIR          folder to upload from (repeatable; only its top level is watched)
  --server URL         the LexDesk server, e.g. http://127.0.0.1:4000
  --company ID         company the files belong to
  --email E            sign in as this user, with the password read from --password-env VAR
  --password-env VAR   name of the environment variable holding the password
  --token-env VAR      name of the environment variable holding a session token (instead)
  --after keep|move|delete   what happens to an uploaded file (default move: into uploaded/)
  --data-dir D         where the agent keeps its queue (default: DATA_DIR, else ~/.lexdesk)
  --poll               poll the folders (network shares)
  --quiet-ms N         how long a file must stay unchanged before it is taken (default 3000)
  --help               show this text`;

export class AgentArgsError extends Error {
  override name = 'AgentArgsError';
}

export interface AgentArgs {
  watch: string[];
  serverUrl: string;
  companyId: string;
  auth:
    | {
        kind: 'token';
        token: string;
        /** the --token-env variable it came from */ variable?: string;
      }
    | { kind: 'password'; email: string; password: string };
  afterUpload: 'keep' | 'move' | 'delete';
  dataDir: string;
  poll: boolean;
  quietMs: number;
  help: boolean;
}

const ServerUrl = z.url({ protocol: /^https?$/ });

function fromEnv(env: NodeJS.ProcessEnv, variable: string, flag: string): string {
  const value = env[variable];
  if (!value)
    throw new AgentArgsError(
      `${flag} names ${variable}, but that environment variable is empty or not set.`,
    );
  return value;
}

export function parseAgentArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): AgentArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        watch: { type: 'string', multiple: true },
        server: { type: 'string' },
        company: { type: 'string' },
        email: { type: 'string' },
        'password-env': { type: 'string' },
        'token-env': { type: 'string' },
        after: { type: 'string', default: 'move' },
        'data-dir': { type: 'string' },
        poll: { type: 'boolean', default: false },
        'quiet-ms': { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    throw new AgentArgsError(
      `${error instanceof Error ? error.message : String(error)}\n${AGENT_USAGE}`,
    );
  }
  const base = { help: values.help ?? false, poll: values.poll ?? false };
  if (base.help) {
    return {
      ...base,
      watch: [],
      serverUrl: '',
      companyId: '',
      auth: { kind: 'token', token: '' },
      afterUpload: 'move',
      dataDir: '',
      quietMs: 0,
    };
  }
  const watch = (values.watch ?? []).map((dir) => path.resolve(dir));
  if (watch.length === 0)
    throw new AgentArgsError(`Give at least one --watch folder.\n${AGENT_USAGE}`);
  const server = ServerUrl.safeParse(values.server ?? env.LEXDESK_SERVER_URL ?? '');
  if (!server.success)
    throw new AgentArgsError(`--server must be an http(s) URL, got "${values.server ?? ''}".`);
  if (!values.company) throw new AgentArgsError('--company is required.');
  const after = z.enum(['keep', 'move', 'delete']).safeParse(values.after);
  if (!after.success)
    throw new AgentArgsError(`--after must be keep, move or delete, got "${values.after}".`);
  const quiet = z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .safeParse(values['quiet-ms'] ?? 3000);
  if (!quiet.success)
    throw new AgentArgsError('--quiet-ms must be a whole number from 100 to 600000.');
  let auth: AgentArgs['auth'];
  if (values['token-env']) {
    auth = {
      kind: 'token',
      token: fromEnv(env, values['token-env'], '--token-env'),
      variable: values['token-env'],
    };
  } else if (values.email && values['password-env']) {
    auth = {
      kind: 'password',
      email: values.email,
      password: fromEnv(env, values['password-env'], '--password-env'),
    };
  } else {
    throw new AgentArgsError('Sign in with --email and --password-env, or give --token-env.');
  }
  return {
    ...base,
    watch,
    serverUrl: server.data.replace(/\/+$/, ''),
    companyId: values.company,
    auth,
    afterUpload: after.data,
    dataDir: values['data-dir'] ? path.resolve(values['data-dir']) : defaultDataDir(env),
    quietMs: quiet.data,
  };
}
