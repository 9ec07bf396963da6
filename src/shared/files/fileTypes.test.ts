import { describe, expect, it } from 'vitest';
import { FIXTURES } from '../../../tests/integration/fixtures/files';
import { ACCEPT_ATTRIBUTE, checkFile, fileExtension, sniffFileType } from './fileTypes';

describe('checkFile accepts each spec type when name and content agree', () => {
  const accepted: Array<[string, Uint8Array, string]> = [
    ['logo.svg', FIXTURES.svg, 'svg'],
    ['scan.PNG', FIXTURES.png, 'png'],
    ['photo.jpg', FIXTURES.jpeg, 'jpeg'],
    ['photo.jpeg', FIXTURES.jpeg, 'jpeg'],
    ['claim.pdf', FIXTURES.pdf, 'pdf'],
    ['letter.doc', FIXTURES.doc, 'doc'],
    ['letter.docx', FIXTURES.docx, 'docx'],
    ['ledger.xls', FIXTURES.xls, 'xls'],
    ['ledger.xlsx', FIXTURES.xlsx, 'xlsx'],
    ['deposition.mp4', FIXTURES.mp4, 'mp4'],
    ['hearing.webm', FIXTURES.webm, 'webm'],
    ['hearing.ogv', FIXTURES.oggVideo, 'ogg_video'],
    ['hearing.ogg', FIXTURES.oggVideo, 'ogg_video'],
    ['voicemail.ogg', FIXTURES.oggAudio, 'ogg_audio'],
    ['voicemail.opus', FIXTURES.opus, 'ogg_audio'],
    ['call.mp3', FIXTURES.mp3Id3, 'mp3'],
    ['call-noid3.mp3', FIXTURES.mp3Frame, 'mp3'],
    ['call.wav', FIXTURES.wav, 'wav'],
    ['cases.csv', FIXTURES.csv, 'csv'],
  ];
  it.each(accepted)(
    'given %s with matching bytes, then it is accepted as %s',
    (name, bytes, type) => {
      const result = checkFile(name, bytes);
      expect(result).toMatchObject({ ok: true, type });
    },
  );
});

describe('checkFile refuses what the spec does not accept or what lies about itself', () => {
  const refused: Array<[string, string, Uint8Array]> = [
    ['a PNG named .pdf (lying extension)', 'report.pdf', FIXTURES.png],
    ['a PDF named .png', 'icon.png', FIXTURES.pdf],
    ['an executable renamed .pdf', 'invoice.pdf', FIXTURES.exe],
    ['a text file renamed .png', 'picture.png', FIXTURES.text],
    ['HTML named .svg', 'logo.svg', FIXTURES.html],
    ['a plain ZIP named .docx', 'letter.docx', FIXTURES.plainZip],
    ['a docx named .xlsx', 'ledger.xlsx', FIXTURES.docx],
    ['an Outlook message (OLE2, not Word) named .doc', 'mail.doc', FIXTURES.msg],
    ['a Word 97 file named .xls', 'ledger.xls', FIXTURES.doc],
    ['a QuickTime movie named .mp4', 'clip.mp4', FIXTURES.mov],
    ['Matroska named .webm', 'clip.webm', FIXTURES.mkv],
    ['Ogg video named .oga', 'sound.oga', FIXTURES.oggVideo],
    ['AAC named .mp3', 'song.mp3', FIXTURES.aac],
    ['AVI named .wav', 'sound.wav', FIXTURES.avi],
    ['binary bytes named .csv', 'data.csv', FIXTURES.exe],
    ['a CSV without an extension', 'data', FIXTURES.csv],
    ['an executable with its own name', 'setup.exe', FIXTURES.exe],
  ];
  it.each(refused)('given %s, then INVALID_FILE_TYPE', (_label, name, bytes) => {
    expect(checkFile(name, bytes)).toEqual({ ok: false, code: 'INVALID_FILE_TYPE' });
  });

  it('given a zero-byte file, then FILE_EMPTY', () => {
    expect(checkFile('empty.pdf', FIXTURES.empty)).toEqual({ ok: false, code: 'FILE_EMPTY' });
  });

  it('given an allowed list (icons: png, jpeg, svg), when a valid PDF comes, then it is refused', () => {
    expect(checkFile('claim.pdf', FIXTURES.pdf, ['png', 'jpeg', 'svg'])).toEqual({
      ok: false,
      code: 'INVALID_FILE_TYPE',
    });
    expect(checkFile('logo.svg', FIXTURES.svg, ['png', 'jpeg', 'svg'])).toMatchObject({
      ok: true,
      mime: 'image/svg+xml',
    });
  });
});

describe('helpers', () => {
  it('sniffs content without a name and reads extensions case-insensitively', () => {
    expect(sniffFileType(FIXTURES.xlsx)).toBe('xlsx');
    expect(sniffFileType(FIXTURES.csv)).toBeUndefined();
    expect(fileExtension('C:\\scans\\Batch.Final.PDF')).toBe('pdf');
    expect(fileExtension('.hidden')).toBe('');
    expect(ACCEPT_ATTRIBUTE).toContain('.docx');
  });
});
