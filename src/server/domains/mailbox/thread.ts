/**
 * The thread view's order: oldest first by the Date header, but a reply never before the message
 * it answers. What a message answers is its In-Reply-To, else the last of its References that
 * is in the thread; one answering nothing in the thread is a root. Date ties go to the folder's
 * arrival order (UID), then the row id. A malformed loop of replies is broken oldest first.
 * Pure: the rows come from queries.ts.
 */
export interface ThreadNode {
  id: string;
  message_id: string | null;
  in_reply_to: string | null;
  reference_ids: readonly string[];
  sent_at: Date;
  uid: number;
}

function parentOf(node: ThreadNode, present: ReadonlySet<string>): string | null {
  if (node.in_reply_to && node.in_reply_to !== node.message_id && present.has(node.in_reply_to))
    return node.in_reply_to;
  for (let i = node.reference_ids.length - 1; i >= 0; i -= 1) {
    const id = node.reference_ids[i]!;
    if (id !== node.message_id && present.has(id)) return id;
  }
  return null;
}

export function orderThread<T extends ThreadNode>(messages: readonly T[]): T[] {
  const byDate = [...messages].sort(
    (a, b) =>
      a.sent_at.getTime() - b.sent_at.getTime() ||
      a.uid - b.uid ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  const present = new Set(byDate.flatMap((m) => (m.message_id ? [m.message_id] : [])));
  const parents = new Map(byDate.map((m) => [m, parentOf(m, present)]));
  const shown = new Set<string>();
  const ordered: T[] = [];
  const waiting = [...byDate];
  while (waiting.length > 0) {
    let at = waiting.findIndex((m) => {
      const parent = parents.get(m);
      return parent === null || parent === undefined || shown.has(parent);
    });
    if (at < 0) at = 0;
    const [next] = waiting.splice(at, 1);
    ordered.push(next!);
    if (next!.message_id) shown.add(next!.message_id);
  }
  return ordered;
}
