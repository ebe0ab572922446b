import type { ExternalToast } from 'sonner';
import { TOAST_DURATION_MS } from '@common/constants';

type Sonner = typeof import('sonner');
/**
 * sonner is fetched after the first screen has rendered, not before (the sign-in page's budget):
 * the request starts when this module loads, and a toast raised before it arrives waits for it.
 */
let sonner: Sonner | undefined;
const sonnerLoaded: Promise<Sonner> = import('sonner').then((m) => (sonner = m));
const withSonner = (run: (m: Sonner) => void) => (sonner ? run(sonner) : void sonnerLoaded.then(run));

export interface NotifyOptions {
  /** Milliseconds on screen; 0 keeps the toast until it is closed (spec §8). */
  duration?: number;
  id?: string | number;
  action?: ExternalToast['action'];
}

function show(kind: 'success' | 'error' | 'warning' | 'info', title: string, description?: string, options: NotifyOptions = {}) {
  const duration = options.duration ?? TOAST_DURATION_MS;
  withSonner(({ toast }) =>
    toast[kind](title, {
      description,
      duration: duration === 0 ? Infinity : duration,
      id: options.id,
      action: options.action,
    }),
  );
}

/** Toasts: `notify.success('Talep tamamlandı')`, `notify.error('Hata', errorMessage(err))`. */
export const notify = {
  success: (title: string, description?: string, options?: NotifyOptions) => show('success', title, description, options),
  error: (title: string, description?: string, options?: NotifyOptions) => show('error', title, description, options),
  warning: (title: string, description?: string, options?: NotifyOptions) => show('warning', title, description, options),
  info: (title: string, description?: string, options?: NotifyOptions) => show('info', title, description, options),
  dismiss: (id?: string | number) => withSonner(({ toast }) => void toast.dismiss(id)),
};
