import { useHealth, type Health, type HealthView } from '@web/lib/health';
import { cn } from '@web/lib/cn';

const databaseNames: Record<Health['databaseKind'], string> = { pglite: 'Gömülü PostgreSQL', postgres: 'PostgreSQL' };

export function describeHealth(view: HealthView): { text: string; detail: string; tone: 'ok' | 'warn' | 'down' | 'idle' } {
  switch (view.state) {
    case 'ok':
      return { text: 'Sistem durumu: çevrimiçi', detail: `Veritabanı: ${databaseNames[view.health!.databaseKind]}`, tone: 'ok' };
    case 'degraded': {
      const parts = [view.health!.database === 'down' && 'veritabanı', view.health!.redis === 'down' && 'Redis'].filter(Boolean);
      return { text: 'Sistem durumu: kısıtlı', detail: `Yanıt vermeyen: ${parts.join(', ') || 'bir servis'}`, tone: 'warn' };
    }
    case 'offline':
      return { text: 'Sistem durumu: çevrimdışı', detail: 'Sunucuya ulaşılamıyor', tone: 'down' };
    default:
      return { text: 'Sistem durumu denetleniyor…', detail: '', tone: 'idle' };
  }
}

const dots = { ok: 'bg-emerald-500', warn: 'bg-amber-500', down: 'bg-red-500', idle: 'bg-zinc-400' } as const;

/** The sidebar box with the server's real health, polled every 30 s. */
export function SystemStatus() {
  const { text, detail, tone } = describeHealth(useHealth());
  return (
    <div role="status" aria-live="polite" className="rounded-lg border border-zinc-200 bg-zinc-50 px-3 py-2.5 dark:border-zinc-800 dark:bg-zinc-900">
      <p className="flex items-center gap-2 text-xs font-medium text-zinc-700 dark:text-zinc-200">
        <span className="relative flex size-2">
          {tone === 'ok' && <span aria-hidden="true" className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-60" />}
          <span aria-hidden="true" className={cn('relative inline-flex size-2 rounded-full', dots[tone])} />
        </span>
        {text}
      </p>
      {detail && <p className="mt-0.5 pl-4 text-xs text-zinc-500 dark:text-zinc-400">{detail}</p>}
    </div>
  );
}
