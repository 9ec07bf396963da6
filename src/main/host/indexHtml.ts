/**
 * The bridge token reaches the page through its index.html: the renderer ships
 * `<meta name="lexdesk-bridge-token" content="">` and the host fills in the token of this run.
 */
export const BRIDGE_TOKEN_META = 'lexdesk-bridge-token';

const META_TAG = new RegExp(`<meta\\b[^>]*\\bname\\s*=\\s*["']${BRIDGE_TOKEN_META}["'][^>]*>`, 'i');

/** Tokens are base64url, but escape anyway: the value lands inside an HTML attribute. */
function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

export function injectBridgeToken(html: string, token: string): string {
  const tag = `<meta name="${BRIDGE_TOKEN_META}" content="${escapeAttribute(token)}">`;
  if (META_TAG.test(html)) return html.replace(META_TAG, tag);
  // A page without the placeholder still gets the token, at the top of <head>.
  const head = /<head\b[^>]*>/i;
  return head.test(html) ? html.replace(head, (open) => `${open}\n    ${tag}`) : `${tag}\n${html}`;
}
