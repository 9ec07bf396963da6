import { describe, expect, it } from 'vitest';
import { isAllowedOrigin } from './cors';

describe('CORS origins', () => {
  it('given the loopback default, then local pages and app:// are allowed and other sites are not', () => {
    const rules = ['loopback'];
    expect(isAllowedOrigin(rules, 'http://localhost:5173')).toBe(true);
    expect(isAllowedOrigin(rules, 'http://127.0.0.1:4100')).toBe(true);
    expect(isAllowedOrigin(rules, 'app://lexdesk')).toBe(true);
    expect(isAllowedOrigin(rules, undefined)).toBe(true);
    expect(isAllowedOrigin(rules, 'https://evil.example')).toBe(false);
    expect(isAllowedOrigin(rules, 'http://localhost.evil.example')).toBe(false);
  });

  it('given an explicit list, then exactly those origins are allowed', () => {
    expect(isAllowedOrigin(['https://firm.example'], 'https://firm.example')).toBe(true);
    expect(isAllowedOrigin(['https://firm.example'], 'http://localhost:5173')).toBe(false);
  });
});
