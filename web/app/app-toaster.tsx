import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '@common/constants';
import { useThemeStore } from '@web/stores/theme-store';

export function AppToaster() {
  const theme = useThemeStore((s) => s.theme);
  return <Toaster theme={theme} position="bottom-right" richColors closeButton duration={TOAST_DURATION_MS} containerAriaLabel="Bildirimler" />;
}
