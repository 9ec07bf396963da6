import { describe, expect, it } from 'vitest';
import { BridgeError } from '../../app/bridge-api';
import {
  AFTER_UPLOAD_CHOICES,
  AFTER_UPLOAD_HINTS,
  AFTER_UPLOAD_LABELS,
  WATCH_MESSAGES,
  checkFolderPath,
  describeWatchError,
  foldersOfCompany,
  looksLikeNetworkShare,
} from './labels';

describe('after-upload choices', () => {
  it('given each choice, then it is worded for the user', () => {
    expect(AFTER_UPLOAD_CHOICES.map((choice) => AFTER_UPLOAD_LABELS[choice])).toEqual([
      'Keep the file',
      'Move it to an uploaded subfolder',
      'Delete it',
    ]);
  });

  it('given the move choice, then its hint names the "uploaded" subfolder', () => {
    expect(AFTER_UPLOAD_HINTS.move).toContain('"uploaded" subfolder');
  });
});

describe('checking a typed folder path', () => {
  it('given blanks only, then the path is required', () => {
    expect(checkFolderPath('   ')).toEqual({ error: WATCH_MESSAGES.PATH_REQUIRED });
  });

  it('given a relative path, then the user is asked for the full path', () => {
    expect(checkFolderPath('Scans/inbox')).toEqual({ error: WATCH_MESSAGES.PATH_NOT_ABSOLUTE });
  });

  it('given a path over 4096 characters, then it is refused', () => {
    expect(checkFolderPath(`/${'a'.repeat(4096)}`)).toEqual({
      error: WATCH_MESSAGES.PATH_TOO_LONG,
    });
  });

  it('given POSIX, drive and UNC paths with blanks around, then the trimmed path is kept', () => {
    expect(checkFolderPath('  /tmp ')).toEqual({ path: '/tmp' });
    expect(checkFolderPath('C:\\Scans')).toEqual({ path: 'C:\\Scans' });
    expect(checkFolderPath('\\\\fileserver\\scans')).toEqual({ path: '\\\\fileserver\\scans' });
  });
});

describe('recognising network shares', () => {
  it('given a UNC or mounted share path, then polling is suggested', () => {
    expect(looksLikeNetworkShare('\\\\fileserver\\scans')).toBe(true);
    expect(looksLikeNetworkShare('/mnt/scans')).toBe(true);
  });

  it('given a local folder, then it is not taken for a share', () => {
    expect(looksLikeNetworkShare('/home/ada/Scans')).toBe(false);
    expect(looksLikeNetworkShare('C:\\Scans')).toBe(false);
  });
});

describe('folders of the viewer company', () => {
  it('given folders of two companies, then only this company’s are listed, by path', () => {
    const folders = [
      { path: '/z', afterUpload: 'keep' as const, company_id: 'c1' },
      { path: '/other', afterUpload: 'move' as const, company_id: 'c2' },
      { path: '/a', afterUpload: 'delete' as const, company_id: 'c1', usePolling: true },
    ];
    expect(foldersOfCompany(folders, 'c1').map((folder) => folder.path)).toEqual(['/a', '/z']);
  });
});

describe('messages of failed watch calls', () => {
  it('given the desktop refuses the folder, then its own message is shown', () => {
    const error = new BridgeError('WATCH_FOLDER_INVALID', 'The folder /nope does not exist.');
    expect(describeWatchError(error, WATCH_MESSAGES.ADD_FAILED)).toBe(
      'The folder /nope does not exist.',
    );
  });

  it('given an unknown failure, then the fallback is shown', () => {
    expect(describeWatchError(new Error('boom'), WATCH_MESSAGES.ADD_FAILED)).toBe(
      WATCH_MESSAGES.ADD_FAILED,
    );
  });
});
