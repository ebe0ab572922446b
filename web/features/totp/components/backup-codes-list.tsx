import { useState } from 'react';
import { Copy, Download, TriangleAlert } from 'lucide-react';
import { Button } from '@web/components/ui';
import { notify } from '@web/lib/notify';

/** The text copied or downloaded: one code a line, with what they are for. */
export function backupCodesText(codes: string[], username: string): string {
  return ['Bonus Panel — iki faktörlü doğrulama yedek kodları', `Kullanıcı: ${username}`, 'Her kod yalnızca bir kez kullanılabilir.', '', ...codes, ''].join('\n');
}

/** Backup codes shown once: a grid, the single-use warning, copy and .txt download. */
export function BackupCodesList({ codes, username }: { codes: string[]; username: string }) {
  const [copied, setCopied] = useState(false);
  const text = backupCodesText(codes, username);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      notify.success('Yedek kodlar kopyalandı');
    } catch {
      notify.error('Kopyalanamadı', 'Kodları elle seçip kopyalayın.');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'bonus-panel-yedek-kodlar.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="flex flex-col gap-4">
      <div role="note" className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>Her yedek kod yalnızca bir kez kullanılabilir. Kodları güvenli bir yerde saklayın: bu ekrandan ayrıldıktan sonra tekrar gösterilmez.</span>
      </div>
      <ul aria-label="Yedek kodlar" className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 text-center tracking-wider text-zinc-900 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-100">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" icon={Copy} onClick={() => void copy()}>
          {copied ? 'Kopyalandı' : 'Kopyala'}
        </Button>
        <Button variant="outline" icon={Download} onClick={download}>
          .txt olarak indir
        </Button>
      </div>
    </div>
  );
}
