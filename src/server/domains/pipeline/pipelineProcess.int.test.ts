import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../../../../tests/support/until';
import { startPipelineProcess, type PipelineProcess } from './pipelineProcess';

interface Logged {
  level: 'info' | 'error';
  details: Record<string, unknown>;
  message: string;
}

function recorder() {
  const lines: Logged[] = [];
  return {
    lines,
    log: {
      info: (details: object, message: string) =>
        lines.push({ level: 'info', details: details as Record<string, unknown>, message }),
      error: (details: object, message: string) =>
        lines.push({ level: 'error', details: details as Record<string, unknown>, message }),
    },
  };
}

const node = (source: string) => ({ command: process.execPath, args: ['-e', source], env: {} });

/** Waits up to 20 s for `check` to hold. */
const waitFor = (check: () => boolean, what: string) => until(check, 20_000, what);

describe('pipeline child process', () => {
  let running: PipelineProcess | undefined;
  afterEach(async () => {
    await running?.stop();
    running = undefined;
  });

  it('given a running child, when notified, then it gets the message, and its output reaches the log', async () => {
    const { lines, log } = recorder();
    running = startPipelineProcess({
      command: node(
        "console.log('ready'); process.on('message', (m) => console.log('got ' + m)); process.on('disconnect', () => process.exit(0));",
      ),
      log,
    });
    await waitFor(() => lines.some((l) => l.message === 'ready'), 'ready');
    running.notify();
    await waitFor(() => lines.some((l) => l.message === 'got work'), 'the message');
    expect(lines.find((l) => l.message === 'got work')?.level).toBe('info');
    expect(running.starts).toBe(1);
  });

  it('given a child that keeps dying, then it is started again after pauses that double up to the limit', async () => {
    const { lines, log } = recorder();
    running = startPipelineProcess({
      command: node("console.error('cannot start'); process.exit(3);"),
      log,
      restartDelayMs: 20,
      maxRestartDelayMs: 80,
    });
    await waitFor(() => running!.starts >= 5, 'five starts');
    const exits = lines.filter((l) => l.message.startsWith('the pipeline process exited'));
    expect(exits.slice(0, 4).map((l) => l.details.restartInMs)).toEqual([20, 40, 80, 80]);
    expect(exits[0]?.details.code).toBe(3);
    expect(lines.some((l) => l.level === 'error' && l.message === 'cannot start')).toBe(true);
  });

  it('given a child that ignores SIGTERM, when stopped, then it is killed after the timeout and not started again', async () => {
    const { lines, log } = recorder();
    running = startPipelineProcess({
      command: node(
        "process.on('SIGTERM', () => {}); console.log('up'); setInterval(() => {}, 1000);",
      ),
      log,
      stopTimeoutMs: 200,
      restartDelayMs: 10,
    });
    await waitFor(() => lines.some((l) => l.message === 'up'), 'up');
    const pid = running.pid;
    await running.stop();
    expect(() => process.kill(pid!, 0)).toThrow();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(running.starts).toBe(1);
    expect(running.pid).toBeUndefined();
  });
});
