import { describe, expect, it } from 'vitest';
import { snippetHtml } from './snippetHtml';

describe('snippetHtml', () => {
  it('given a headline with markers and HTML in the text, then only <mark> survives as markup', () => {
    expect(snippetHtml('a <script>x</script> & "\uE000lumbar\uE001" \'s')).toBe(
      'a &lt;script&gt;x&lt;/script&gt; &amp; &quot;<mark>lumbar</mark>&quot; &#39;s',
    );
  });
});
