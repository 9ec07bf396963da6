import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundledServerCommand, sourceServerCommand } from './serverCommand';

// The bundle itself is built and started in ../desktopBuild.slow.test.ts.
describe('server commands', () => {
  it('given the source layout, when the command is built, then it runs src/server/main.ts through tsx with the child contract env', () => {
    const command = sourceServerCommand('/repo', { dataDir: '/data', demo: true });
    expect(command).toMatchObject({ command: process.execPath, cwd: '/repo' });
    expect(command.args).toEqual([
      '--import',
      'tsx',
      path.join('/repo', 'src', 'server', 'main.ts'),
    ]);
    expect(command.env).toMatchObject({ DATA_DIR: '/data', PORT: '0', LEXDESK_DEMO: '1' });
  });

  it('given a packaged layout, when the command is built, then Electron runs as Node on main.js with the migrations beside it', () => {
    const serverDir = path.join('/app', 'resources', 'app.asar.unpacked', 'dist', 'server');
    const command = bundledServerCommand(
      { executable: '/app/lexdesk', electronAsNode: true, serverDir },
      { dataDir: '/data', demo: false },
    );
    expect(command).toMatchObject({
      command: '/app/lexdesk',
      args: [path.join(serverDir, 'main.js')],
      cwd: serverDir,
    });
    expect(command.env).toMatchObject({
      ELECTRON_RUN_AS_NODE: '1',
      LEXDESK_MIGRATIONS_DIR: path.join(serverDir, 'migrations'),
    });
    expect(command.env).not.toHaveProperty('LEXDESK_DEMO');
  });
});
