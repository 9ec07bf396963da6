import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HostArgsError, parseHostArgs } from './args';
import { injectBridgeToken } from './indexHtml';

describe('parseHostArgs', () => {
  it('given every flag, when parsed, then the options carry them', () => {
    const args = parseHostArgs(
      ['--port', '5000', '--data-dir', 'tmp/d', '--server-url', 'http://10.0.0.5:4000/', '--demo'],
      {},
    );
    expect(args).toMatchObject({
      port: 5000,
      dataDir: path.resolve('tmp/d'),
      serverUrl: 'http://10.0.0.5:4000',
      demo: true,
    });
  });

  it('given no flags, when parsed, then DATA_DIR and LEXDESK_SERVER_URL from the environment apply', () => {
    const args = parseHostArgs([], {
      DATA_DIR: '/srv/lexdesk',
      LEXDESK_SERVER_URL: 'https://lexdesk.example.com',
    });
    expect(args).toMatchObject({
      port: undefined,
      dataDir: '/srv/lexdesk',
      serverUrl: 'https://lexdesk.example.com',
      demo: false,
    });
  });

  it.each([
    [['--port', 'abc'], /--port must be a number/],
    [['--port', '70000'], /--port must be a number/],
    [['--server-url', 'ftp://x'], /must be an http\(s\) URL/],
    [['--bogus'], /Unknown option/],
  ])('given bad arguments %j, when parsed, then a clear error is thrown', (argv, message) => {
    expect(() => parseHostArgs(argv, {})).toThrow(HostArgsError);
    expect(() => parseHostArgs(argv, {})).toThrow(message);
  });
});

describe('injectBridgeToken', () => {
  it('given the empty placeholder, when injected, then the token fills it and nothing else changes', () => {
    const html = '<head>\n<meta name="lexdesk-bridge-token" content="">\n<title>x</title></head>';
    expect(injectBridgeToken(html, 'abc_-1')).toBe(
      '<head>\n<meta name="lexdesk-bridge-token" content="abc_-1">\n<title>x</title></head>',
    );
  });

  it('given a page without the placeholder, when injected, then the tag is added at the top of head', () => {
    expect(injectBridgeToken('<html><head><title>x</title></head></html>', 't')).toBe(
      '<html><head>\n    <meta name="lexdesk-bridge-token" content="t"><title>x</title></head></html>',
    );
  });

  it('given a token with HTML characters, when injected, then it is escaped', () => {
    expect(injectBridgeToken('<meta name="lexdesk-bridge-token" content="">', '"><script>')).toBe(
      '<meta name="lexdesk-bridge-token" content="&quot;&gt;&lt;script&gt;">',
    );
  });
});
