import { useQuery } from '@tanstack/react-query';
import { getBranding } from '@common/contract/settings';
import { SETTINGS_DEFAULTS } from '@common/constants';
import { apiCall } from './api-call';

export const brandingQueryKey = ['branding'] as const;

/**
 * The application's name from the system settings (public, so the login page shows it too);
 * refetched when a 'settings-changed' event arrives (app frame) or the settings screen saves.
 */
export function useAppName(): string {
  const { data } = useQuery({
    queryKey: brandingQueryKey,
    queryFn: ({ signal }) => apiCall(getBranding, {}, { signal }),
    staleTime: 5 * 60_000,
  });
  return data?.appName ?? SETTINGS_DEFAULTS.appName;
}
