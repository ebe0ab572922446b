import type { ApiToken, ApiTokenAbility } from '@common/schemas/api-tokens';

export interface ApiTokenRow {
  id: number;
  name: string;
  abilities: string[];
  hint: string;
  createdByName: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A token as the list shows it: never the token or its hash. */
export function presentToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    abilities: row.abilities as ApiTokenAbility[],
    hint: row.hint,
    createdByName: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: iso(row.lastUsedAt),
    expiresAt: iso(row.expiresAt),
    revokedAt: iso(row.revokedAt),
  };
}
