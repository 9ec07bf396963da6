import { describe, expect, it } from 'vitest';
import { createAgentSession } from './session';

const SERVER = 'http://lexdesk.test';

function passwordSession(answers: Array<string | Error>) {
  let time = 1_000;
  const calls: string[] = [];
  const lines: string[] = [];
  const session = createAgentSession({
    serverUrl: SERVER,
    auth: { kind: 'password', email: 'scan@firm.test', password: 'pw' },
    signIn: async ({ email }) => {
      calls.push(email);
      const answer = answers.shift();
      if (answer === undefined || answer instanceof Error) throw answer ?? new Error('no answer');
      return answer;
    },
    report: (line) => void lines.push(line),
    retryMs: 500,
    now: () => time,
  });
  return { session, calls, lines, advance: (ms: number) => (time += ms) };
}

describe('agent session', () => {
  it('given two workers refused with the same token, when both report it, then one sign-in renews it for both', async () => {
    const { session, calls, advance } = passwordSession(['first', 'second']);
    await session.start();
    const refused = await session.connection();
    expect(refused).toEqual({ serverUrl: SERVER, token: 'first' });
    advance(1_000);
    await Promise.all([session.unauthorized(refused!), session.unauthorized(refused!)]);
    expect(calls).toHaveLength(2);
    expect(await session.connection()).toEqual({ serverUrl: SERVER, token: 'second' });
  });

  it('given a sign-in that fails, when asked for a connection, then none until retryMs has passed, then it signs in', async () => {
    const { session, calls, lines, advance } = passwordSession([
      'first',
      new Error('server down'),
      'third',
    ]);
    await session.start();
    const refused = await session.connection();
    advance(1_000);
    await session.unauthorized(refused!);
    expect(lines.at(-1)).toMatch(/failed \(server down\); uploads stay queued/);
    expect(await session.connection()).toBeNull();
    expect(calls).toHaveLength(2);
    advance(500);
    expect(await session.connection()).toEqual({ serverUrl: SERVER, token: 'third' });
  });

  it('given a fixed token, when it is refused, then the message names the variable once and there is no connection any more', async () => {
    const lines: string[] = [];
    const session = createAgentSession({
      serverUrl: SERVER,
      auth: { kind: 'token', token: 'fixed', variable: 'AGENT_TOKEN' },
      signIn: () => Promise.reject(new Error('must not sign in')),
      report: (line) => void lines.push(line),
    });
    await session.start();
    const refused = await session.connection();
    await session.unauthorized(refused!);
    await session.unauthorized(refused!);
    expect(await session.connection()).toBeNull();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/refused the session token from AGENT_TOKEN.*none are dropped/);
  });
});
