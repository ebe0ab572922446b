import { z } from 'zod';

/** 'Demo etkinliği' (demo mode only): simulated agents that come online and work at a gentle pace. */
export const demoActivitySchema = z.object({ enabled: z.boolean() });
export type DemoActivity = z.infer<typeof demoActivitySchema>;

export const demoActivityBody = z.strictObject({
  enabled: z.boolean({ error: 'enabled true veya false olmalıdır' }),
});

/** The switch's Turkish texts, written once. */
export const DEMO_ACTIVITY_MESSAGES = {
  title: 'Demo etkinliği',
  label: 'Demo etkinliğini çalıştır',
  explanation:
    'Açıkken birkaç demo agent çevrimiçi olur; birkaç saniyede bir yeni talep gelir, talepler agentların üzerine alınır ve tamamlanır. Talepler ekranı, bildirimler ve audit logları canlı değişir. Yalnızca demo modunda vardır, sunucu yeniden başlayınca kapalı açılır.',
  started: 'Demo etkinliği başladı',
  stopped: 'Demo etkinliği durduruldu',
  failed: 'Demo etkinliği değiştirilemedi',
  notDemo: 'Demo etkinliği yalnızca demo modunda kullanılabilir',
} as const;
