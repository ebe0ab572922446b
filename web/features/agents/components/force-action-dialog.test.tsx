import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AGENT_MESSAGES } from '@common/schemas/agents';
import { ForceActionDialog } from './force-action-dialog';

describe('ForceActionDialog', () => {
  it("requires a reason: 'Lütfen bir neden belirtin', and the button stays usable", async () => {
    const onConfirm = vi.fn(async () => undefined);
    render(<ForceActionDialog target={{ agentId: 5, name: 'Ayşe Çelik', action: 'offline' }} onClose={() => undefined} onConfirm={onConfirm} />);
    expect(screen.getByText('Neden')).toBeVisible();
    const button = screen.getByRole('button', { name: 'Çevrimdışı Yap' });
    await userEvent.type(screen.getByLabelText(/Neden/), '   ');
    await userEvent.click(button);
    expect(await screen.findByText(AGENT_MESSAGES.reasonRequired)).toBeVisible();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(button).toBeEnabled();
  });

  it('sends the trimmed reason', async () => {
    const onConfirm = vi.fn(async () => undefined);
    render(<ForceActionDialog target={{ agentId: 5, name: 'Ayşe Çelik', action: 'logout' }} onClose={() => undefined} onConfirm={onConfirm} />);
    expect(screen.getByRole('heading', { name: 'Agentin Oturumunu Sonlandır' })).toBeVisible();
    await userEvent.type(screen.getByLabelText(/Neden/), '  Vardiya bitti ');
    await userEvent.click(screen.getByRole('button', { name: 'Çıkış Yaptır' }));
    expect(onConfirm).toHaveBeenCalledWith('Vardiya bitti');
    expect(screen.queryByText(AGENT_MESSAGES.reasonRequired)).toBeNull();
  });
});
