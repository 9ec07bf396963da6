/**
 * A throwaway Debian dovecot (package dovecot-imapd) on loopback for tests: its own configuration,
 * maildirs, runtime folder and log in a temporary folder, plaintext sign-in allowed (loopback only,
 * no TLS), accounts from one passwd-file each. As root, mail is owned by the system user `mail` (dovecot
 * refuses UID 0 for mail); otherwise by the caller. `startTestDovecot()` resolves once the IMAP
 * port accepts connections; `stop()` ends the process and removes the folder.
 * `dovecotMissing()` names why tests cannot run here (no binary), so they can skip saying so.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { createConnection, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { until } from './until';

const DOVECOT_BINARIES = ['/usr/sbin/dovecot', '/usr/local/sbin/dovecot'];

export function dovecotBinary(): string | null {
  return DOVECOT_BINARIES.find((candidate) => existsSync(candidate)) ?? null;
}

/** Null when dovecot can run here, else the reason tests skip. */
export function dovecotMissing(): string | null {
  return dovecotBinary()
    ? null
    : 'dovecot is not installed (apt-get install dovecot-imapd): the IMAP tests are skipped';
}

export interface TestDovecot {
  host: string;
  port: number;
  user: string;
  password: string;
  /** Another account on the same server (for tenant and per-user cases). */
  addUser(user: string, password: string): Promise<void>;
  /**
   * Writes messages straight into an account's INBOX maildir (`cur/`, flags in the file name),
   * as a delivery agent would, without IMAP: dovecot gives them UIDs when the folder is next
   * opened. For seeding large mailboxes (an APPEND per message takes minutes at 50,000). Call
   * before any client has the INBOX selected.
   */
  writeMessages(
    user: string,
    messages: AsyncIterable<MaildirMessage> | Iterable<MaildirMessage>,
  ): Promise<number>;
  stop(): Promise<void>;
}

export interface MaildirMessage {
  source: Buffer;
  /** IMAP system flags, e.g. ['\\Seen']; Maildir letters in the file name. */
  flags?: string[];
  /** The INTERNALDATE (the file's modification time). */
  date?: Date;
}

/** Maildir info letters for the IMAP system flags (they must be in ASCII order). */
const MAILDIR_FLAGS: Record<string, string> = {
  '\\Draft': 'D',
  '\\Flagged': 'F',
  '\\Answered': 'R',
  '\\Seen': 'S',
  '\\Deleted': 'T',
};

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('data', (chunk) => {
      socket.destroy();
      resolve(chunk.toString('latin1').startsWith('* OK'));
    });
    socket.once('error', () => resolve(false));
  });
}

function idOf(flag: '-u' | '-g', name: string): number {
  const result = spawnSync('id', [flag, name], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`no system user ${name}`);
  return Number(result.stdout.trim());
}

export async function startTestDovecot(
  options: { user?: string; password?: string } = {},
): Promise<TestDovecot> {
  const binary = dovecotBinary();
  if (!binary) throw new Error(dovecotMissing() ?? 'dovecot missing');
  const user = options.user ?? 'clerk@lexdesk.test';
  const password = options.password ?? 'imap-secret-1';
  const root = await mkdtemp(path.join(tmpdir(), 'lexdesk-dovecot-'));
  // dovecot's unprivileged auth and login processes read the passwd-file and reach the sockets.
  await chmod(root, 0o755);
  const asRoot = process.getuid?.() === 0;
  const uid = asRoot ? idOf('-u', 'mail') : (process.getuid?.() ?? 0);
  const gid = asRoot ? idOf('-g', 'mail') : (process.getgid?.() ?? 0);
  const internalUser = asRoot ? 'dovecot' : (process.env.USER ?? 'nobody');
  const mail = path.join(root, 'mail');
  await mkdir(mail, { mode: 0o700 });
  if (asRoot) await chown(mail, uid, gid);
  // One passwd-file per account: dovecot re-reads a passwd-file at most once a second, so a line
  // appended to a shared file right after another sign-in stays unknown for up to a second; a
  // file of its own is read fresh at the account's first sign-in.
  const passwd = path.join(root, 'passwd');
  await mkdir(passwd, { mode: 0o755 });
  const port = await freePort();
  const config = [
    `base_dir = ${root}/run`,
    `state_dir = ${root}/state`,
    `log_path = ${root}/dovecot.log`,
    'protocols = imap',
    'listen = 127.0.0.1',
    'ssl = no',
    'disable_plaintext_auth = no',
    'auth_mechanisms = plain login',
    `mail_location = maildir:${mail}/%u`,
    `mail_uid = ${uid}`,
    `mail_gid = ${gid}`,
    `first_valid_uid = ${uid}`,
    `first_valid_gid = ${gid}`,
    `default_internal_user = ${internalUser}`,
    `default_login_user = ${asRoot ? 'dovenull' : internalUser}`,
    'mail_max_userip_connections = 100',
    'mail_plugins = ',
    'imap_max_line_length = 1M',
    `service imap-login {\n  inet_listener imap {\n    address = 127.0.0.1\n    port = ${port}\n  }\n  inet_listener imaps {\n    port = 0\n  }\n}`,
    'service stats {\n  unix_listener stats-reader {\n    mode = 0666\n  }\n  unix_listener stats-writer {\n    mode = 0666\n  }\n}',
    `passdb {\n  driver = passwd-file\n  args = scheme=PLAIN username_format=%u ${passwd}/%u\n}`,
    `userdb {\n  driver = static\n  args = uid=${uid} gid=${gid} home=${mail}/%u\n}`,
    'namespace inbox {\n  inbox = yes\n  separator = /\n  mailbox Sent {\n    special_use = \\Sent\n    auto = create\n  }\n  mailbox Drafts {\n    special_use = \\Drafts\n    auto = create\n  }\n  mailbox Trash {\n    special_use = \\Trash\n    auto = create\n  }\n  mailbox Junk {\n    special_use = \\Junk\n    auto = create\n  }\n}',
    '',
  ].join('\n');
  const configPath = path.join(root, 'dovecot.conf');
  await writeFile(configPath, config, { mode: 0o644 });
  const accounts = new Set<string>();
  const addUser = async (name: string, secret: string) => {
    if (!/^[\w.+-]+@[\w.-]+$/.test(name) || accounts.has(name))
      throw new Error(`cannot add the IMAP account ${name}`);
    accounts.add(name);
    await writeFile(path.join(passwd, name), `${name}:{PLAIN}${secret}::::::\n`, { mode: 0o644 });
  };
  await addUser(user, password);
  const writeMessages = async (
    name: string,
    messages: AsyncIterable<MaildirMessage> | Iterable<MaildirMessage>,
  ) => {
    if (!accounts.has(name)) throw new Error(`no IMAP account ${name}`);
    const home = path.join(mail, name);
    for (const dir of [home, ...['cur', 'new', 'tmp'].map((d) => path.join(home, d))]) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      if (asRoot) await chown(dir, uid, gid);
    }
    const stamp = Math.floor(Date.now() / 1000);
    let written = 0;
    for await (const message of messages) {
      const letters = (message.flags ?? [])
        .map((flag) => MAILDIR_FLAGS[flag] ?? '')
        .sort()
        .join('');
      const file = path.join(
        home,
        'cur',
        `${stamp}.M${written}P${process.pid}.lexdesk,S=${message.source.length}:2,${letters}`,
      );
      await writeFile(file, message.source, { mode: 0o600 });
      if (asRoot) await chown(file, uid, gid);
      if (message.date) await utimes(file, message.date, message.date);
      written += 1;
    }
    return written;
  };

  const child: ChildProcess = spawn(binary, ['-F', '-c', configPath], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exited = false;
  child.once('exit', () => (exited = true));
  const readLog = () => readFile(path.join(root, 'dovecot.log'), 'utf8').catch(() => '');
  try {
    await until(
      async () => {
        if (exited) throw new Error(`dovecot exited: ${output}\n${await readLog()}`);
        return accepts(port);
      },
      30_000,
      'dovecot accepting IMAP connections',
    );
  } catch (error) {
    child.kill('SIGKILL');
    await rm(root, { recursive: true, force: true });
    throw error;
  }
  return {
    host: '127.0.0.1',
    port,
    user,
    password,
    addUser,
    writeMessages,
    async stop() {
      if (!exited) {
        const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        await gone;
      }
      await rm(root, { recursive: true, force: true });
    },
  };
}
