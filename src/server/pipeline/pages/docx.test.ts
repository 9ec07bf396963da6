// .docx page splitting (from document.xml) and the mammoth fallback.
import { describe, expect, it } from 'vitest';
import { docxXmlToPages, readDocxPages } from './docx';
import { PipelineInputError } from './errors';
import { makeDocx, makeZip } from './testing/fixtures';

const p = (inner: string, props = '') => `<w:p>${props}<w:r>${inner}</w:r></w:p>`;
const t = (text: string) => `<w:t>${text}</w:t>`;

describe('docxXmlToPages', () => {
  it('splits at page breaks, pageBreakBefore and rendered breaks, without empty pages', () => {
    const xml = [
      p(t('One &amp; only')),
      p('<w:br w:type="page"/>'),
      p(`<w:lastRenderedPageBreak/>${t('Two')}<w:tab/>${t('tabbed')}<w:br/>${t('next line')}`),
      p(t('Three'), '<w:pPr><w:pageBreakBefore/></w:pPr>'),
      p(t('still three'), '<w:pPr><w:pageBreakBefore w:val="false"/></w:pPr>'),
    ].join('');
    expect(docxXmlToPages(xml)).toEqual([
      'One & only',
      'Two\ttabbed\nnext line',
      'Three\nstill three',
    ]);
  });

  it('is one page without breaks', () => {
    expect(docxXmlToPages(p(t('a')) + p(t('b')))).toEqual(['a\nb']);
  });
});

describe('readDocxPages', () => {
  it('uses mammoth for a docx without page breaks', async () => {
    const pages = await readDocxPages(
      makeDocx([['First paragraph', 'Second paragraph']]),
      'a.docx',
    );
    expect(pages).toHaveLength(1);
    expect(pages[0]?.text).toMatch(/First paragraph\s+Second paragraph/);
  });

  it('refuses a zip that is not a Word file', async () => {
    const zip = makeZip([{ name: 'readme.txt', data: 'hello' }]);
    await expect(readDocxPages(zip, 'b.docx')).rejects.toBeInstanceOf(PipelineInputError);
  });
});
