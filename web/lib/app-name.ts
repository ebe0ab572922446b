import { useEffect, useSyncExternalStore } from 'react';
import { SETTINGS_DEFAULTS } from '@common/constants';
import { PUBLIC_PATHS } from '@common/contract/public-paths';

/**
 * GET /api/system/branding (public, `getBranding` in common/contract/settings.ts, which takes its
 * path from the same constant). Read by hand here rather than through the contract's zod schema
 * and react-query, because the sign-in page shows the name and must stay within its JavaScript
 * budget (scripts/check-login-bundle.mjs).
 */
export const BRANDING_PATH = PUBLIC_PATHS.branding;

let current: string | null = null;
let inflight: Promise<void> | null = null;
const listeners = new Set<() => void>();

async function load(): Promise<void> {
  try {
    const response = await fetch(BRANDING_PATH, { headers: { Accept: 'application/json' } });
    const body = (await response.json()) as { data?: { appName?: unknown } } | null;
    const name = body?.data?.appName;
    if (response.ok && typeof name === 'string' && name.length > 0 && name !== current) {
      current = name;
      for (const listener of listeners) listener();
    }
  } catch {
    // Unreachable server: the default name stays until the next refresh.
  } finally {
    inflight = null;
  }
}

/** Asks the server again: after a save, or when a 'settings-changed' event arrives. */
export function refreshAppName(): Promise<void> {
  inflight ??= load();
  return inflight;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The application's name from the system settings, the spec's default until it is known. */
export function useAppName(): string {
  const name = useSyncExternalStore(subscribe, () => current);
  useEffect(() => {
    if (current === null) void refreshAppName();
  }, []);
  return name ?? SETTINGS_DEFAULTS.appName;
}
