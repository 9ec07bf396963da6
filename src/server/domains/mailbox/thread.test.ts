import { describe, expect, it } from 'vitest';
import { orderThread, type ThreadNode } from './thread';

let uid = 0;
const node = (
  id: string,
  minute: number,
  answers: { inReplyTo?: string; references?: string[] } = {},
): ThreadNode => ({
  id,
  message_id: `<${id}>`,
  in_reply_to: answers.inReplyTo ? `<${answers.inReplyTo}>` : null,
  reference_ids: (answers.references ?? []).map((r) => `<${r}>`),
  sent_at: new Date(Date.UTC(2026, 2, 2, 9, minute)),
  uid: (uid += 1),
});
const ids = (nodes: ThreadNode[]) => orderThread(nodes).map((n) => n.id);

describe('thread order', () => {
  it('puts a reply after what it answers even when its Date is earlier or equal', () => {
    // The reply's clock is behind: by date alone it would come first.
    const reply = node('reply', 0, { inReplyTo: 'root', references: ['root'] });
    const root = node('root', 5);
    const answer = node('answer', 5, { inReplyTo: 'reply', references: ['root', 'reply'] });
    expect(ids([answer, reply, root])).toEqual(['root', 'reply', 'answer']);
  });

  it('uses the last known References entry when In-Reply-To is missing or outside the thread', () => {
    const root = node('r', 0);
    const a = node('a', 10, { references: ['r'] });
    const b = node('b', 1, { inReplyTo: 'elsewhere', references: ['r', 'a'] });
    expect(ids([b, a, root])).toEqual(['r', 'a', 'b']);
  });

  it('keeps date order between siblings and survives a loop', () => {
    const root = node('root', 0);
    const late = node('late', 9, { inReplyTo: 'root' });
    const early = node('early', 3, { inReplyTo: 'root' });
    expect(ids([late, early, root])).toEqual(['root', 'early', 'late']);
    const x = node('x', 1, { inReplyTo: 'y' });
    const y = node('y', 2, { inReplyTo: 'x' });
    expect(ids([y, x])).toEqual(['x', 'y']);
  });
});
