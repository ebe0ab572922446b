import { toast, type ExternalToast } from 'sonner';
import { TOAST_DURATION_MS } from '@common/constants';

export interface NotifyOptions {
  /** Milliseconds on screen; 0 keeps the toast until it is closed (spec §8). */
  duration?: number;
  id?: string | number;
  action?: ExternalToast['action'];
}

function show(kind: 'success' | 'error' | 'warning' | 'info', title: string, description?: string, options: NotifyOptions = {}) {
  const duration = options.duration ?? TOAST_DURATION_MS;
  return toast[kind](title, {
    description,
    duration: duration === 0 ? Infinity : duration,
    id: options.id,
    action: options.action,
  });
}

/** Toasts: `notify.success('Talep tamamlandı')`, `notify.error('Hata', errorMessage(err))`. */
export const notify = {
  success: (title: string, description?: string, options?: NotifyOptions) => show('success', title, description, options),
  error: (title: string, description?: string, options?: NotifyOptions) => show('error', title, description, options),
  warning: (title: string, description?: string, options?: NotifyOptions) => show('warning', title, description, options),
  info: (title: string, description?: string, options?: NotifyOptions) => show('info', title, description, options),
  dismiss: (id?: string | number) => toast.dismiss(id),
};
