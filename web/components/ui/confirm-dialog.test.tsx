import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ConfirmProvider, useConfirm } from './confirm-dialog';

function DeleteButton({ onAnswer }: { onAnswer: (confirmed: boolean) => void }) {
  const confirm = useConfirm();
  return (
    <button type="button" onClick={async () => onAnswer(await confirm({ title: 'Bu kullanıcıyı silmek istediğinizden emin misiniz?', confirmLabel: 'Sil' }))}>
      Kullanıcıyı sil
    </button>
  );
}

function setup() {
  const answers: boolean[] = [];
  render(
    <ConfirmProvider>
      <DeleteButton onAnswer={(a) => answers.push(a)} />
    </ConfirmProvider>,
  );
  return answers;
}

describe('useConfirm', () => {
  it('resolves true only when the confirm button is pressed', async () => {
    const answers = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Kullanıcıyı sil' }));
    expect(screen.getByRole('dialog', { name: 'Bu kullanıcıyı silmek istediğinizden emin misiniz?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vazgeç' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Sil' }));
    expect(answers).toEqual([true]);
  });

  it('resolves false on cancel and on the close button', async () => {
    const answers = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Kullanıcıyı sil' }));
    await userEvent.click(screen.getByRole('button', { name: 'Vazgeç' }));
    await userEvent.click(screen.getByRole('button', { name: 'Kullanıcıyı sil' }));
    await userEvent.click(screen.getByRole('button', { name: 'Kapat' }));
    expect(answers).toEqual([false, false]);
    expect(screen.queryByRole('button', { name: 'Sil' })).toBeNull();
  });
});
