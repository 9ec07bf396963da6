import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createUploadAlerts } from './alerts';

function logger() {
  const lines: string[] = [];
  return { lines, warn: (_details: object, message: string) => void lines.push(message) };
}

describe('upload alerts', () => {
  it('given a webhook answering 500, when alerts are sent, then the catalogue texts are logged', async () => {
    const hook = createServer((_request, response) => {
      response.statusCode = 500;
      response.end();
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const log = logger();
    const url = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/`;
    const alerts = createUploadAlerts({ webhookUrl: url, channel: '#c' }, log);
    alerts.success('ok');
    alerts.failure('bad');
    await alerts.settled();
    hook.close();
    expect(log.lines.sort()).toEqual([
      'Failed to send raw file failed alert',
      'Failed to send raw file success alert',
    ]);
  });

  it('given a webhook that hangs, when the timeout passes, then the failure is logged and nothing throws', async () => {
    const hook = createServer(() => undefined);
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const log = logger();
    const url = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/`;
    const alerts = createUploadAlerts({ webhookUrl: url, channel: '#c', timeoutMs: 100 }, log);
    alerts.failure('bad');
    await alerts.settled();
    hook.closeAllConnections();
    hook.close();
    expect(log.lines).toEqual(['Failed to send raw file failed alert']);
  });

  it('given no webhook, when alerts are sent, then nothing is attempted', async () => {
    const log = logger();
    const alerts = createUploadAlerts({ channel: '#c' }, log);
    alerts.success('ok');
    await alerts.settled();
    expect(log.lines).toEqual([]);
  });
});
