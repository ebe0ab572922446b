import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AgentSkillChips } from './agent-skills';
import { AgentSkillsDialog, type AgentSkillsDialogProps } from './agent-skills-dialog';

describe('agent skills', () => {
  it('the card lists the skills as chips, or says none are defined', () => {
    const { rerender } = render(<AgentSkillChips skills={{ userId: 3, bonusTypes: ['cashback'], customerSegments: ['vip', 'high_risk'] }} />);
    expect(screen.getByRole('list', { name: 'Yetenekler' })).toHaveTextContent('Nakit İadeVIPYüksek Risk');
    rerender(<AgentSkillChips skills={{ userId: 3, bonusTypes: [], customerSegments: [] }} />);
    expect(screen.getByText('Yetenek tanımlanmamış')).toBeVisible();
  });

  it('the editor starts from the saved skills and sends the new choice', async () => {
    const onSubmit = vi.fn<AgentSkillsDialogProps['onSubmit']>(async () => undefined);
    render(
      <AgentSkillsDialog
        target={{ userId: 3, fullName: 'Ayşe Çelik', skills: { userId: 3, bonusTypes: ['cashback'], customerSegments: ['vip'] } }}
        onClose={() => undefined}
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Yetenekleri Düzenle' })).toBeVisible();
    expect(screen.getByLabelText('Nakit İade')).toBeChecked();
    expect(screen.getByLabelText('VIP')).toBeChecked();
    await userEvent.click(screen.getByLabelText('Nakit İade'));
    await userEvent.click(screen.getByLabelText('Puan'));
    await userEvent.click(screen.getByLabelText('Yeni Müşteri'));
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(3, { bonusTypes: ['points'], customerSegments: ['vip', 'new'] });
  });
});
