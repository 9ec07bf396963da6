/**
 * Brings one mailbox's folders into mail_folder / mail_message with imapflow, incrementally:
 * - a folder whose UIDVALIDITY changed is fetched again from scratch;
 * - new mail is the UIDs above the folder's last_uid: sizes first, then sources in batches (at
 *   most BATCH_MESSAGES or BATCH_BYTES, fetched as UID ranges) that flow through fetch, parse,
 *   INSERT and onNew stages overlapping one another (fetchNew), so memory holds a few batches,
 *   stored with one INSERT per batch; a mail above MAX_MESSAGE_BYTES, one mailparser cannot read or one the database refuses
 *   is logged, skipped and counted, and the sync goes on past it (last_uid moves over it, so it
 *   is not retried on every sync);
 * - flag changes: with CONDSTORE only the messages changed since the stored HIGHESTMODSEQ,
 *   otherwise every message's flags again; messages gone from the server are removed.
 * `onNew` sees each stored new message with its parsed source (PDF import, filtering rules).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { ImapFlow, ListResponse } from 'imapflow';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { Database } from '../../db/connection';
import { mailFolder, mailMessage, type MailFolderRow } from '../../db/schemaMail';
import { flagsOf, rowOfParsed, type FolderKind } from './parse';

export const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;
const BATCH_MESSAGES = 250;
const BATCH_BYTES = 16 * 1024 * 1024;
/** Batches fetched but not yet through every stage (fetchNew): memory holds at most these. */
const IN_FLIGHT = 3;
const FLAG_CHUNK = 1000;

export interface SyncCounts {
  folders: number;
  fetched: number;
  skipped: number;
  flag_updates: number;
  removed: number;
}

export interface SyncLog {
  warn(details: Record<string, unknown>, message: string): void;
}

export interface NewMessage {
  id: string;
  path: string;
  uid: number;
  folder: FolderKind;
  parsed: ParsedMail;
}

export interface SyncDeps {
  db: Database;
  log: SyncLog;
  onNew?: (message: NewMessage) => Promise<void>;
}

/** Folders worth syncing: selectable ones, without the virtual "all mail" and "flagged" views. */
function syncable(folder: ListResponse): boolean {
  if (folder.flags.has('\\Noselect') || folder.flags.has('\\NonExistent')) return false;
  return folder.specialUse !== '\\All' && folder.specialUse !== '\\Flagged';
}

export function folderKind(folder: Pick<ListResponse, 'path' | 'specialUse'>): FolderKind {
  const isInbox = folder.path.toUpperCase() === 'INBOX';
  return { isInbox, specialUse: isInbox ? '\\Inbox' : (folder.specialUse ?? null) };
}

export async function syncMailbox(
  deps: SyncDeps,
  client: ImapFlow,
  integrationId: string,
): Promise<SyncCounts> {
  const counts: SyncCounts = { folders: 0, fetched: 0, skipped: 0, flag_updates: 0, removed: 0 };
  const folders = (await client.list()).filter(syncable);
  for (const folder of folders) {
    await syncFolder(deps, client, integrationId, folder, counts);
    counts.folders += 1;
  }
  return counts;
}

async function folderRow(
  db: Database,
  integrationId: string,
  folder: ListResponse,
  uidValidity: number,
): Promise<MailFolderRow> {
  const kind = folderKind(folder);
  const [existing] = await db
    .select()
    .from(mailFolder)
    .where(and(eq(mailFolder.integration_id, integrationId), eq(mailFolder.path, folder.path)));
  if (existing && existing.uidvalidity === uidValidity) return existing;
  if (existing) {
    // A new UIDVALIDITY: the old UIDs mean nothing now; everything is fetched again.
    await db.delete(mailMessage).where(eq(mailMessage.folder_id, existing.id));
    const [reset] = await db
      .update(mailFolder)
      .set({ uidvalidity: uidValidity, last_uid: 0, highest_modseq: null })
      .where(eq(mailFolder.id, existing.id))
      .returning();
    return reset!;
  }
  const [created] = await db
    .insert(mailFolder)
    .values({
      integration_id: integrationId,
      path: folder.path,
      special_use: kind.specialUse,
      uidvalidity: uidValidity,
    })
    .returning();
  return created!;
}

async function syncFolder(
  deps: SyncDeps,
  client: ImapFlow,
  integrationId: string,
  folder: ListResponse,
  counts: SyncCounts,
): Promise<void> {
  const lock = await client.getMailboxLock(folder.path, { readOnly: true });
  try {
    const box = client.mailbox;
    if (!box) return;
    const row = await folderRow(deps.db, integrationId, folder, Number(box.uidValidity));
    const known = row.last_uid;
    const kind = folderKind(folder);
    if (box.exists > 0 && box.uidNext > known + 1)
      await fetchNew(deps, client, integrationId, row, kind, counts);
    if (known > 0) await refreshFlags(deps.db, client, row, known, kind, box, counts);
    const modseq = box.highestModseq !== undefined ? String(box.highestModseq) : null;
    await deps.db
      .update(mailFolder)
      .set({ highest_modseq: modseq })
      .where(eq(mailFolder.id, row.id));
  } finally {
    lock.release();
  }
}

interface FetchedMessage {
  uid: number;
  source: Buffer;
  flags: Set<string>;
  date: Date;
  size: number;
}

interface ParsedMessage {
  uid: number;
  parsed: ParsedMail;
  values: typeof mailMessage.$inferInsert;
}

/** Ascending UIDs as an IMAP sequence set of ranges ("1:250,252"), not one number each. */
export function uidSet(uids: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < uids.length;) {
    let j = i;
    while (j + 1 < uids.length && uids[j + 1] === uids[j]! + 1) j += 1;
    parts.push(j === i ? String(uids[i]) : `${uids[i]}:${uids[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}

/**
 * New mail in batches that run through four stages, each stage one batch at a time and in UID
 * order, the stages overlapping: the IMAP FETCH of batch n+1 (dovecot's work), the parse of batch
 * n (mailparser, this process), the INSERT of batch n-1 and its last_uid (PostgreSQL's work) and
 * onNew of the batch before (PDF imports). At most IN_FLIGHT batches are held. last_uid moves
 * only once a batch is stored, in order; a failure in any stage fails the later batches' stages
 * too, so last_uid never passes a batch that was not stored.
 */
async function fetchNew(
  deps: SyncDeps,
  client: ImapFlow,
  integrationId: string,
  folder: MailFolderRow,
  kind: FolderKind,
  counts: SyncCounts,
): Promise<void> {
  const sizes: Array<{ uid: number; size: number }> = [];
  for await (const message of client.fetch(
    `${folder.last_uid + 1}:*`,
    { uid: true, size: true },
    { uid: true },
  ))
    if (message.uid > folder.last_uid) sizes.push({ uid: message.uid, size: message.size ?? 0 });
  sizes.sort((a, b) => a.uid - b.uid);
  // Each batch ends at `last`: the UID last_uid moves to once it is stored (past skipped ones).
  const batches: Array<{ uids: number[]; last: number }> = [];
  let uids: number[] = [];
  let bytes = 0;
  for (const { uid, size } of sizes) {
    if (size > MAX_MESSAGE_BYTES) {
      counts.skipped += 1;
      deps.log.warn({ folder: folder.path, uid, size }, 'mail skipped: larger than the limit');
    } else {
      uids.push(uid);
      bytes += size;
    }
    if (uids.length >= BATCH_MESSAGES || bytes >= BATCH_BYTES) {
      batches.push({ uids, last: uid });
      uids = [];
      bytes = 0;
    }
  }
  const last = sizes.at(-1);
  if (last && (uids.length > 0 || batches.at(-1)?.last !== last.uid))
    batches.push({ uids, last: last.uid });

  let parsing: Promise<unknown> = Promise.resolve();
  let storing: Promise<unknown> = Promise.resolve();
  let announcing: Promise<unknown> = Promise.resolve();
  const inFlight: Array<Promise<unknown>> = [];
  try {
    for (const batch of batches) {
      if (inFlight.length >= IN_FLIGHT) await inFlight.shift();
      const fetched = batch.uids.length > 0 ? await fetchSources(client, batch.uids) : [];
      const parsed = parsing.then(() =>
        parseBatch(deps, integrationId, folder, kind, fetched, counts),
      );
      parsing = parsed;
      const stored = Promise.all([parsed, storing]).then(async ([rows]) => {
        const ids = await insertRows(
          deps,
          folder.path,
          rows.map((row) => row.values),
          counts,
        );
        await deps.db
          .update(mailFolder)
          .set({ last_uid: batch.last })
          .where(eq(mailFolder.id, folder.id));
        return { rows, ids };
      });
      storing = stored;
      const announced = Promise.all([stored, announcing]).then(([{ rows, ids }]) =>
        announce(deps, folder, kind, rows, ids, counts),
      );
      announcing = announced;
      // Awaited below or by a later batch; until then a failure is not an unhandled rejection.
      announced.catch(() => undefined);
      inFlight.push(announced);
    }
  } finally {
    // Nothing keeps writing after the sync returns or throws.
    await Promise.allSettled(inFlight);
  }
  for (const done of inFlight) await done;
}

async function fetchSources(client: ImapFlow, uids: number[]): Promise<FetchedMessage[]> {
  const fetched: FetchedMessage[] = [];
  for await (const message of client.fetch(
    uidSet(uids),
    { uid: true, flags: true, source: true, internalDate: true, size: true },
    { uid: true },
  )) {
    if (!message.source) continue;
    const internal = message.internalDate;
    fetched.push({
      uid: message.uid,
      source: message.source,
      flags: message.flags ?? new Set(),
      date: internal instanceof Date ? internal : new Date(internal ?? Date.now()),
      size: message.size ?? message.source.length,
    });
  }
  return fetched;
}

async function parseBatch(
  deps: SyncDeps,
  integrationId: string,
  folder: MailFolderRow,
  kind: FolderKind,
  fetched: FetchedMessage[],
  counts: SyncCounts,
): Promise<ParsedMessage[]> {
  const rows: ParsedMessage[] = [];
  for (const message of fetched) {
    let parsed: ParsedMail;
    try {
      parsed = await simpleParser(message.source, {
        skipImageLinks: true,
        maxHtmlLengthToParse: 2_000_000,
      });
    } catch (error) {
      counts.skipped += 1;
      deps.log.warn(
        { folder: folder.path, uid: message.uid, err: String(error) },
        'mail skipped: it could not be read',
      );
      continue;
    }
    rows.push({
      uid: message.uid,
      parsed,
      values: {
        integration_id: integrationId,
        folder_id: folder.id,
        uid: message.uid,
        size: message.size,
        ...rowOfParsed(parsed, `uid:${folder.id}:${message.uid}`, message.date),
        ...flagsOf(message.flags, kind),
      },
    });
  }
  return rows;
}

async function announce(
  deps: SyncDeps,
  folder: MailFolderRow,
  kind: FolderKind,
  rows: ParsedMessage[],
  stored: Map<number, string>,
  counts: SyncCounts,
): Promise<void> {
  for (const { uid, parsed } of rows) {
    const id = stored.get(uid);
    if (!id) continue;
    counts.fetched += 1;
    if (deps.onNew) {
      try {
        await deps.onNew({ id, path: folder.path, uid, folder: kind, parsed });
      } catch (error) {
        deps.log.warn(
          { folder: folder.path, uid, err: String(error) },
          'mail stored, but its rules or attachments failed',
        );
      }
    }
  }
}

/** String.prototype.toWellFormed (Node 20; not in this TypeScript lib). */
type WellFormable = string & { toWellFormed(): string };

/** The columns a synced message is stored with, in the batch INSERT's order, and their types. */
const BATCH_COLUMNS = [
  ['integration_id', 'uuid'],
  ['folder_id', 'uuid'],
  ['uid', 'bigint'],
  ['size', 'integer'],
  ['message_id', 'text'],
  ['thread_id', 'text'],
  ['in_reply_to', 'text'],
  ['reference_ids', 'text[]'],
  ['subject', 'text'],
  ['from_address', 'text'],
  ['from_name', 'text'],
  ['to_addresses', 'text[]'],
  ['cc_addresses', 'text[]'],
  ['sent_at', 'timestamptz'],
  ['snippet', 'text'],
  ['text_body', 'text'],
  ['html_body', 'text'],
  ['attachments', 'jsonb'],
  ['is_read', 'boolean'],
  ['is_starred', 'boolean'],
  ['is_draft', 'boolean'],
  ['is_important', 'boolean'],
  ['is_inbox', 'boolean'],
  ['is_sent', 'boolean'],
  ['is_spam', 'boolean'],
  ['is_trash', 'boolean'],
] as const satisfies ReadonlyArray<readonly [keyof typeof mailMessage.$inferInsert, string]>;
const batchColumnList = sql.raw(BATCH_COLUMNS.map(([name]) => name).join(', '));
const batchRecordType = sql.raw(BATCH_COLUMNS.map(([name, type]) => `${name} ${type}`).join(', '));

/**
 * Stores a batch in one INSERT (a row already there is left alone); the stored rows' ids by UID.
 * The batch travels as one JSON parameter read by jsonb_to_recordset (JSON arrays become the
 * text[] columns): one small statement to build and plan, however many rows. If the batch is
 * refused, each row is tried alone through drizzle, so one the database cannot take is logged,
 * skipped and counted while the rest are stored.
 */
async function insertRows(
  deps: SyncDeps,
  path: string,
  rows: Array<typeof mailMessage.$inferInsert>,
  counts: SyncCounts,
): Promise<Map<number, string>> {
  const stored = new Map<number, string>();
  if (rows.length === 0) return stored;
  try {
    // Lone UTF-16 surrogates (a broken header) would be JSON escapes PostgreSQL refuses.
    const json = JSON.stringify(rows, (_key, value: unknown) =>
      typeof value === 'string' ? (value as WellFormable).toWellFormed() : value,
    );
    const returned = await deps.db.execute<{ id: string; uid: string | number }>(sql`
      insert into mail_message (${batchColumnList})
      select ${batchColumnList} from jsonb_to_recordset(${json}::jsonb) as r(${batchRecordType})
      on conflict (folder_id, uid) do nothing
      returning id, uid`);
    for (const row of returned.rows) stored.set(Number(row.uid), row.id);
    return stored;
  } catch {
    for (const row of rows)
      try {
        const [one] = await deps.db
          .insert(mailMessage)
          .values(row)
          .onConflictDoNothing({ target: [mailMessage.folder_id, mailMessage.uid] })
          .returning({ id: mailMessage.id, uid: mailMessage.uid });
        if (one) stored.set(one.uid, one.id);
      } catch (error) {
        counts.skipped += 1;
        deps.log.warn(
          { folder: path, uid: row.uid, err: String(error) },
          'mail skipped: it could not be stored',
        );
      }
  }
  return stored;
}

type MailboxState = Exclude<ImapFlow['mailbox'], false | null | undefined>;

async function refreshFlags(
  db: Database,
  client: ImapFlow,
  folder: MailFolderRow,
  known: number,
  kind: FolderKind,
  box: MailboxState,
  counts: SyncCounts,
): Promise<void> {
  const condstore =
    client.enabled.has('CONDSTORE') &&
    folder.highest_modseq !== null &&
    box.highestModseq !== undefined;
  if (condstore && BigInt(folder.highest_modseq!) >= box.highestModseq!) {
    // Nothing changed since the last sync; still notice expunged mail below.
  } else {
    const changes: Array<{ uid: number; flags: Set<string> }> = [];
    for await (const message of client.fetch(
      `1:${known}`,
      { uid: true, flags: true },
      condstore ? { uid: true, changedSince: BigInt(folder.highest_modseq!) } : { uid: true },
    ))
      if (message.uid <= known)
        changes.push({ uid: message.uid, flags: message.flags ?? new Set() });
    for (let i = 0; i < changes.length; i += FLAG_CHUNK)
      counts.flag_updates += await applyFlags(
        db,
        folder.id,
        changes.slice(i, i + FLAG_CHUNK),
        kind,
      );
  }
  const present = await client.search({ all: true }, { uid: true });
  if (!present) return;
  const gone = await db
    .delete(mailMessage)
    .where(
      and(
        eq(mailMessage.folder_id, folder.id),
        // One array parameter, however many messages the folder holds.
        sql`not (${mailMessage.uid} = any(${`{${present.join(',')}}`}::bigint[]))`,
        sql`${mailMessage.uid} <= ${known}`,
      ),
    )
    .returning({ id: mailMessage.id });
  counts.removed += gone.length;
}

/** One statement per chunk: only rows whose flags differ are written; their count is returned. */
async function applyFlags(
  db: Database,
  folderId: string,
  changes: Array<{ uid: number; flags: Set<string> }>,
  kind: FolderKind,
): Promise<number> {
  if (changes.length === 0) return 0;
  const rows = changes.map(({ uid, flags }) => {
    const f = flagsOf(flags, kind);
    return sql`(${uid}::bigint, ${f.is_read}::boolean, ${f.is_starred}::boolean, ${f.is_draft}::boolean, ${f.is_important}::boolean, ${f.is_spam}::boolean)`;
  });
  const result = await db.execute(sql`
    update mail_message m
       set is_read = v.is_read, is_starred = v.is_starred, is_draft = v.is_draft,
           is_important = v.is_important, is_spam = v.is_spam
      from (values ${sql.join(rows, sql`, `)}) as v(uid, is_read, is_starred, is_draft, is_important, is_spam)
     where m.folder_id = ${folderId} and m.uid = v.uid
       and (m.is_read, m.is_starred, m.is_draft, m.is_important, m.is_spam)
           is distinct from (v.is_read, v.is_starred, v.is_draft, v.is_important, v.is_spam)`);
  return result.rowCount ?? 0;
}
