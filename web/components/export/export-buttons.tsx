import { useState } from 'react';
import { FileSpreadsheet, FileText } from 'lucide-react';
import type { ExportFormat } from '@common/analytics';
import { Button } from '@web/components/ui';
import { errorMessage } from '@web/lib/api-error';
import { notify } from '@web/lib/notify';

const LABELS: Record<ExportFormat, string> = { excel: 'Excel indir', csv: 'CSV indir' };
const kb = (bytes: number) => `${new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 0 }).format(bytes / 1024)} KB`;

/**
 * 'Excel indir' / 'CSV indir': runs `download(format, onProgress)` and shows the kilobytes
 * received while the file streams (its size is not known in advance).
 */
export function ExportButtons({ download, disabled }: { download: (format: ExportFormat, onProgress: (bytes: number) => void) => Promise<string>; disabled?: boolean }) {
  const [running, setRunning] = useState<ExportFormat | null>(null);
  const [bytes, setBytes] = useState(0);
  const [failure, setFailure] = useState('');
  const start = async (format: ExportFormat) => {
    setRunning(format);
    setBytes(0);
    setFailure('');
    try {
      const name = await download(format, setBytes);
      notify.success(`${name} indirildi`);
    } catch (error) {
      // Also beside the buttons, after the toast is gone: e.g. too many exports at once, try again shortly.
      const message = errorMessage(error);
      setFailure(message);
      notify.error('Dosya indirilemedi', message);
    } finally {
      setRunning(null);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      {(['excel', 'csv'] as const).map((format) => (
        <Button
          key={format}
          variant="outline"
          icon={format === 'excel' ? FileSpreadsheet : FileText}
          loading={running === format}
          disabled={disabled || (running !== null && running !== format)}
          onClick={() => void start(format)}
        >
          {LABELS[format]}
        </Button>
      ))}
      <span role="status" aria-live="polite" className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
        {running ? `İndiriliyor… ${kb(bytes)}` : failure}
      </span>
    </div>
  );
}
