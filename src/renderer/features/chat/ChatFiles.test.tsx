import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../../shared/errors';
import { UploadError } from '../../app/upload';
import { MessageFiles, PendingFileChips } from './ChatFiles';
import { chatUploadUrl, uploadProblem } from './useChatUploads';

describe('PendingFileChips', () => {
  it('given a file uploading and one uploaded, then each chip shows its name, size and its own remove button', () => {
    const html = renderToStaticMarkup(
      <PendingFileChips
        files={[
          { id: '1', name: 'intake.pdf', size: 2048, key: 'k1' },
          { id: '2', name: 'photo.png', size: 300, key: null },
        ]}
        onRemove={() => undefined}
      />,
    );
    expect(html).toContain('aria-label="Files to send"');
    expect(html).toContain('intake.pdf');
    expect(html).toContain('2.0 KB');
    expect(html).toContain('300 B');
    expect(html).toContain('aria-label="Remove intake.pdf"');
    expect(html).toContain('aria-label="Remove photo.png"');
    expect(html).toContain('aria-label="Uploading photo.png"');
    expect(html).not.toContain('aria-label="Uploading intake.pdf"');
  });

  it('given no files, then nothing is drawn', () => {
    expect(renderToStaticMarkup(<PendingFileChips files={[]} onRemove={() => undefined} />)).toBe(
      '',
    );
  });
});

describe('MessageFiles', () => {
  it("given a message's files, then each links to its signed URL in a new window, with its size", () => {
    const url = 'https://server.example/files/abc?expires=1&sig=x';
    const html = renderToStaticMarkup(
      <MessageFiles
        files={[
          {
            id: '7',
            name: 'letter.pdf',
            size: 3 * 1024 * 1024,
            type: 'application/pdf',
            file_url: url,
          },
        ]}
      />,
    );
    expect(html).toContain(`href="${url.replace(/&/g, '&amp;')}"`);
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noreferrer"');
    expect(html).toContain('letter.pdf');
    expect(html).toContain('3.0 MB');
  });
});

describe('chat uploads', () => {
  it('given the room, then the upload goes to POST /files/upload as its composer upload; without one there is nowhere to upload', () => {
    expect(chatUploadUrl('http://127.0.0.1:4000/', 'r 1')).toBe(
      'http://127.0.0.1:4000/files/upload?chat_room_id=r%201',
    );
    expect(chatUploadUrl('http://127.0.0.1:4000', undefined)).toBeNull();
  });

  it("given a refused file, then the message names it with the server's words, or the catalogue's when there are none", () => {
    expect(
      uploadProblem('a.exe', new UploadError(ERRORS.INVALID_FILE_TYPE, 'INVALID_FILE_TYPE')),
    ).toBe('a.exe: Invalid file type or format');
    expect(uploadProblem('b.pdf', new Error('socket'))).toBe('b.pdf: Failed to upload file');
  });
});
