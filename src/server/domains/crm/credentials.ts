/**
 * Credentials and tokens at rest: sealed with the CRM key ring (crypto/keyRing.ts; keys from the
 * server setting CRM_CREDENTIAL_KEYS, else one generated key in server_secret). `tokenStore` reads
 * and writes one integration's tokens; `resealAll` seals again, under the current key, whatever an
 * older key sealed (run at start, so a rotated-out key can be removed after one start).
 */
import { eq, isNotNull, or } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { legalIntegrations } from '../../db/schemaCrm';
import { createKeyRing, parseRingKeys, type KeyRing } from '../../crypto/keyRing';
import type { CrmTokens } from './connector';

export const CREDENTIAL_PURPOSE = 'crm-credentials';

export async function createCredentialRing(
  setting: string | undefined,
  generated: () => Promise<string>,
): Promise<KeyRing> {
  const keys = setting ? parseRingKeys(setting) : [{ id: 'db', secret: await generated() }];
  return createKeyRing(keys, CREDENTIAL_PURPOSE);
}

interface SealedTokens {
  access_token: string;
  refresh_token: string | null;
  expires_at: string | null;
}

export function sealTokens(ring: KeyRing, tokens: CrmTokens): string {
  const plain: SealedTokens = {
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token,
    expires_at: tokens.expires_at?.toISOString() ?? null,
  };
  return ring.seal(JSON.stringify(plain));
}

export function openTokens(ring: KeyRing, sealed: string): CrmTokens {
  const plain = JSON.parse(ring.open(sealed)) as SealedTokens;
  return {
    access_token: plain.access_token,
    refresh_token: plain.refresh_token,
    expires_at: plain.expires_at ? new Date(plain.expires_at) : null,
  };
}

export function tokenStore(db: Database, ring: KeyRing, integrationId: string) {
  return {
    async load(): Promise<CrmTokens | null> {
      const [row] = await db
        .select({ sealed: legalIntegrations.credentials_sealed })
        .from(legalIntegrations)
        .where(eq(legalIntegrations.id, integrationId));
      return row?.sealed ? openTokens(ring, row.sealed) : null;
    },
    async save(tokens: CrmTokens): Promise<void> {
      await db
        .update(legalIntegrations)
        .set({
          credentials_sealed: sealTokens(ring, tokens),
          token_expires_at: tokens.expires_at,
          updated_at: new Date(),
        })
        .where(eq(legalIntegrations.id, integrationId));
    },
  };
}

/** Seals again under the current key every value an older key sealed; returns how many rows. */
export async function resealAll(db: Database, ring: KeyRing): Promise<number> {
  const rows = await db
    .select({
      id: legalIntegrations.id,
      credentials: legalIntegrations.credentials_sealed,
      verifier: legalIntegrations.oauth_verifier_sealed,
    })
    .from(legalIntegrations)
    .where(
      or(
        isNotNull(legalIntegrations.credentials_sealed),
        isNotNull(legalIntegrations.oauth_verifier_sealed),
      ),
    );
  let count = 0;
  for (const row of rows) {
    const again = (value: string | null) =>
      value && ring.needsRotation(value) ? ring.seal(ring.open(value)) : value;
    const credentials = again(row.credentials);
    const verifier = again(row.verifier);
    if (credentials === row.credentials && verifier === row.verifier) continue;
    await db
      .update(legalIntegrations)
      .set({ credentials_sealed: credentials, oauth_verifier_sealed: verifier })
      .where(eq(legalIntegrations.id, row.id));
    count += 1;
  }
  return count;
}
