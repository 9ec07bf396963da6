/**
 * Signed file links. Company icons and avatars are shown with <img src>, which cannot send a bearer
 * token, so the API hands out links signed with a server secret (HMAC-SHA256) that expire. Expiry is
 * rounded to whole days so a link stays the same for a day and caches well.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const DAY_SECONDS = 86_400;
export const FILE_PATH_PREFIX = '/files/';

export interface FileUrlSigner {
  /** An absolute, signed URL for a stored path such as /files/<key>. */
  sign(storedPath: string, origin: string, nowSeconds?: number): string;
  verify(
    key: string,
    expires: string | undefined,
    signature: string | undefined,
    nowSeconds?: number,
  ): boolean;
}

export function createFileUrlSigner(secret: string): FileUrlSigner {
  const mac = (key: string, expires: number) =>
    createHmac('sha256', secret).update(`${key}\n${expires}`).digest('base64url');

  return {
    sign(storedPath, origin, nowSeconds = Math.floor(Date.now() / 1000)) {
      if (!storedPath.startsWith(FILE_PATH_PREFIX)) return storedPath;
      const key = storedPath.slice(FILE_PATH_PREFIX.length);
      const expires = (Math.floor(nowSeconds / DAY_SECONDS) + 2) * DAY_SECONDS;
      return `${origin}${FILE_PATH_PREFIX}${encodeURIComponent(key)}?expires=${expires}&sig=${mac(key, expires)}`;
    },
    verify(key, expires, signature, nowSeconds = Math.floor(Date.now() / 1000)) {
      if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return false;
      const when = Number(expires);
      if (when < nowSeconds) return false;
      const expected = Buffer.from(mac(key, when));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
