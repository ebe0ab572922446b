import { useState } from 'react';
import { Button, Dialog } from '@web/components/ui';
import { useRegenerateBackupCodes } from '../api/totp-api';
import { BackupCodesList } from './backup-codes-list';
import { TotpCodeForm } from './totp-code-form';

/**
 * New backup codes: the dialog is the confirmation — 'Vazgeç' (or Escape) changes nothing;
 * 'Yenile' with a current code replaces every old code and shows the new ones once.
 */
export function RegenerateCodesDialog({ open, onClose, username }: { open: boolean; onClose: () => void; username: string }) {
  const regenerate = useRegenerateBackupCodes();
  const [codes, setCodes] = useState<string[] | null>(null);
  const close = () => {
    setCodes(null);
    onClose();
  };
  // The mutation toasts; a refused code throws on, so the code form shows why.
  const submit = async (token: string) => setCodes((await regenerate.mutateAsync(token)).backupCodes);
  return (
    <Dialog
      open={open}
      onClose={close}
      title={codes ? 'Yeni yedek kodlarınız' : 'Yedek kodları yenilemek istediğinizden emin misiniz?'}
      description={codes ? undefined : 'Eski yedek kodların hepsi geçersiz olacak. Onaylamak için doğrulama uygulamanızdaki kodu girin.'}
    >
      {open && !codes && <TotpCodeForm submitLabel="Yenile" onSubmit={submit} onCancel={close} />}
      {codes && (
        <div className="flex flex-col gap-4">
          <BackupCodesList codes={codes} username={username} />
          <div className="flex justify-end">
            <Button onClick={close}>Kapat</Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
