import { useState } from 'react';
import { Download } from 'lucide-react';
import type { ExportFormat } from '@common/analytics';
import { exportRequests } from '@common/contract/reports';
import { ExportButtons } from '@web/components/export/export-buttons';
import { Button, Dialog } from '@web/components/ui';
import { downloadEndpointFile } from '@web/lib/download-file';
import { STATUS_FILTERS, toListParams, type TableState } from '../model/table-url-state';

/** The table's filters, search and sort (not its page): the export holds every matching row. */
export function exportQuery(state: TableState, format: ExportFormat) {
  const { status, search, sortBy, sortOrder } = toListParams(state);
  return { status, search, sortBy, sortOrder, format };
}

/** 'Dışa Aktar': every request the table's filters, search and sort match, as Excel or CSV. */
export function ExportRequestsButton({ projectId, state }: { projectId: number; state: TableState }) {
  const [open, setOpen] = useState(false);
  const filter = STATUS_FILTERS.find((f) => f.value === state.status)?.label ?? 'Tümü';
  return (
    <>
      <Button variant="outline" icon={Download} onClick={() => setOpen(true)}>
        Dışa Aktar
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Dışa Aktar" description="Tablodaki filtre, arama ve sıralamaya uyan bütün talepler (yalnız bu sayfa değil) indirilir.">
        <div className="flex flex-col gap-4">
          <p className="text-sm text-zinc-600 dark:text-zinc-300">
            Durum: <strong>{filter}</strong>
            {state.search.trim() && (
              <>
                {' '}· Arama: <strong>{state.search.trim()}</strong>
              </>
            )}
          </p>
          <ExportButtons
            download={(format, onProgress) => downloadEndpointFile(exportRequests, { params: { projectId }, query: exportQuery(state, format) }, onProgress)}
          />
        </div>
      </Dialog>
    </>
  );
}
