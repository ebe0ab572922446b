import { useState } from 'react';
import { TOTP_MESSAGES } from '@common/schemas/totp';
import { Button, Dialog } from '@web/components/ui';
import { errorMessage } from '@web/lib/api-error';
import { notify } from '@web/lib/notify';
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
  const submit = async (token: string) => {
    try {
      setCodes((await regenerate.mutateAsync(token)).backupCodes);
      notify.success(TOTP_MESSAGES.regenerated);
    } catch (error) {
      notify.error(TOTP_MESSAGES.regenerateFailed, errorMessage(error));
      throw error;
    }
  };
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
