import { isRouteErrorResponse, useRouteError } from 'react-router';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import { Button } from '@web/components/ui';

/**
 * When a screen throws while rendering, or its code cannot be loaded (a new version was
 * deployed while the tab was open): say so and offer a reload, never a blank page.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <main id="main-content" className="flex min-h-dvh items-center justify-center bg-zinc-50 px-6 dark:bg-zinc-950">
      <div role="alert" className="flex max-w-md flex-col items-center gap-3 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-red-50 text-red-600 dark:bg-red-500/10 dark:text-red-400">
          <TriangleAlert aria-hidden="true" className="size-7" />
        </span>
        <h1 className="text-xl font-semibold text-zinc-900 dark:text-zinc-50">Bir şeyler ters gitti</h1>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">
          Sayfa görüntülenirken beklenmeyen bir hata oluştu. Sayfayı yenileyerek tekrar deneyebilirsiniz.
        </p>
        {detail && <p className="font-mono text-xs text-zinc-400">{detail}</p>}
        <Button icon={RefreshCw} onClick={() => window.location.reload()}>
          Sayfayı Yenile
        </Button>
      </div>
    </main>
  );
}
