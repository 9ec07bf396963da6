/**
 * Memory still in use in a child Node process, read through its inspector (the child runs with
 * `--inspect=127.0.0.1:0`): a full garbage collection first, then heap used + external. RSS alone
 * saws with collection lag; this tells retained memory (a leak) from memory not yet collected.
 */
import WebSocket from 'ws';

/** The inspector's address from the child's "Debugger listening on ws://..." line, if this is it. */
export function inspectorUrlOf(line: string): string | undefined {
  return /Debugger listening on (ws:\/\/\S+)/.exec(line)?.[1];
}

export interface InspectorMemory {
  /** Heap used + external after a full collection, in MiB (one decimal). */
  retainedMb(): Promise<number>;
  close(): void;
}

export async function connectInspector(url: string): Promise<InspectorMemory> {
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  let nextId = 1;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.on('message', (data) => {
    const reply = JSON.parse(String(data)) as { id?: number; result?: unknown };
    if (reply.id !== undefined) waiting.get(reply.id)?.(reply.result);
    if (reply.id !== undefined) waiting.delete(reply.id);
  });
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  return {
    async retainedMb() {
      await call('HeapProfiler.collectGarbage');
      await call('HeapProfiler.collectGarbage');
      const result = (await call('Runtime.evaluate', {
        expression: 'JSON.stringify(process.memoryUsage())',
        returnByValue: true,
      })) as { result?: { value?: string } };
      const usage = JSON.parse(result.result?.value ?? '{}') as {
        heapUsed?: number;
        external?: number;
      };
      const bytes = (usage.heapUsed ?? 0) + (usage.external ?? 0);
      return Math.round((bytes / 1024 / 1024) * 10) / 10;
    },
    close: () => socket.close(),
  };
}
