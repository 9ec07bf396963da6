import { describe, expect, it } from 'vitest';
import { renderDocumentsMail } from './mail';

describe('the documents mail', () => {
  const doc = { id: 'd1', type: null, created_at: new Date('2030-01-02T03:04:05Z') };

  it('given names with markup, then the HTML escapes them and the text keeps them readable', () => {
    const mail = renderDocumentsMail({
      title: 'Rule <b>',
      intro: 'New & noteworthy',
      documents: [{ ...doc, name: '<img src=x onerror=alert(1)>' }],
    });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('<h2 style="margin:0 0 8px">Rule &lt;b&gt;</h2>');
    expect(mail.text).toContain('- <img src=x onerror=alert(1)> (No type, 2030-01-02)');
  });

  it('given a title with line breaks, then the subject stays one header line', () => {
    const mail = renderDocumentsMail({
      title: 'Evil\r\nBcc: victim@example.test',
      intro: '',
      documents: [{ ...doc, name: 'a' }],
      more: 4,
    });
    expect(mail.subject).toBe('Evil Bcc: victim@example.test: 5 document(s)');
    expect(mail.text).toContain('And 4 more.');
  });
});
