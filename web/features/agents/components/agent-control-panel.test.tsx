import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AGENT_MESSAGES, type AgentList, type ListedAgent } from '@common/schemas/agents';
import { createQueryClient } from '@web/lib/query-client';
import { notify } from '@web/lib/notify';
import { json, mockFetch, type RecordedCall } from '@web/test/fetch-mock';
import { signInAs, signOutStore } from '@web/test/session-fixtures';
import { applyStatusChange } from '../api/agents-api';
import { AgentControlPanel } from './agent-control-panel';

const agent = (id: number, fullName: string, currentLoad: number): ListedAgent => ({
  id,
  username: `agent${id}`,
  fullName,
  email: null,
  role: 'agent',
  status: 'online',
  manualStatus: null,
  forcedOfflineAt: null,
  isActive: true,
  accountActive: true,
  currentLoad,
  maxLoad: 5,
  ownMaxLoad: 5,
  performance: 92,
  totalCompleted: 10,
  totalAmount: '500.00',
  lastActivity: null,
  joinedAt: '2025-01-01T00:00:00Z',
  abilities: { toggle: true, force: true },
});
const LIST: AgentList = {
  items: [agent(11, 'Ayşe Çelik', 2), agent(12, 'Mehmet Şahin', 0)],
  totals: { total: 2, online: 2, busy: 0, away: 0, offline: 0, withActiveTasks: 1 },
};

function server(force: (call: RecordedCall) => Response = () => json(200, { success: true, data: { agentId: 11, status: 'offline', sessionsEnded: 0 } })) {
  return mockFetch((call) => {
    if (call.url.startsWith('/api/projects/1/agents')) return json(200, { success: true, data: LIST });
    if (call.url.includes('/force-')) return force(call);
    return json(404, { success: false, message: 'Kayıt bulunamadı' });
  });
}

function renderPanel() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AgentControlPanel />
    </QueryClientProvider>,
  );
}

describe('AgentControlPanel', () => {
  afterEach(() => signOutStore());

  it('shows the count of agents with active tasks and requires an Agent ID', async () => {
    signInAs('manager');
    const { calls } = server();
    renderPanel();
    await waitFor(() => expect(screen.getByTestId('agents-with-active-tasks')).toHaveTextContent('Aktif görevi olan agent sayısı: 1'));
    await userEvent.click(screen.getByRole('button', { name: 'Force Offline' }));
    expect(await screen.findByText(AGENT_MESSAGES.agentIdRequired)).toBeVisible();
    expect(calls.some((c) => c.url.includes('/force-'))).toBe(false);
  });

  it("forces the chosen agent offline in the active project with the optional reason, and says 'Agent offline edildi'", async () => {
    signInAs('manager');
    const { calls } = server();
    const success = vi.spyOn(notify, 'success');
    renderPanel();
    await screen.findByRole('option', { name: /Ayşe Çelik/ });
    await userEvent.selectOptions(screen.getByLabelText(/Agent ID/), '11');
    await userEvent.click(screen.getByRole('button', { name: 'Force Offline' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Agent offline edildi'));
    const call = calls.find((c) => c.url.includes('/force-'))!;
    expect(call).toMatchObject({ method: 'POST', url: '/api/auth/admin/projects/1/agents/11/force-offline', authorization: 'Bearer access-1', body: {} });

    await userEvent.selectOptions(screen.getByLabelText(/Agent ID/), '12');
    await userEvent.type(screen.getByLabelText('Sebep (opsiyonel)'), 'Mola');
    await userEvent.click(screen.getByRole('button', { name: 'Force Logout' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Agent oturumu sonlandırıldı'));
    expect(calls.filter((c) => c.url.includes('/force-')).at(-1)).toMatchObject({ url: '/api/auth/admin/projects/1/agents/12/force-logout', body: { reason: 'Mola' } });
  });

  it("shows 'Force logout hatası' with the server's message on failure", async () => {
    signInAs('manager');
    server(() => json(403, { success: false, message: 'Sizden yüksek roldeki bir kullanıcı üzerinde işlem yapamazsınız' }));
    const failure = vi.spyOn(notify, 'error');
    renderPanel();
    await screen.findByRole('option', { name: /Ayşe Çelik/ });
    await userEvent.selectOptions(screen.getByLabelText(/Agent ID/), '11');
    await userEvent.click(screen.getByRole('button', { name: 'Force Logout' }));
    await waitFor(() => expect(failure).toHaveBeenCalledWith('Force logout hatası', 'Sizden yüksek roldeki bir kullanıcı üzerinde işlem yapamazsınız'));
  });

  it('is not shown to roles without the force permission', () => {
    signInAs('operator');
    server();
    renderPanel();
    expect(screen.queryByText('Agent Kontrol Paneli')).toBeNull();
  });
});

describe('applyStatusChange', () => {
  it('updates the agent in every cached list of the project', () => {
    const client = createQueryClient();
    client.setQueryData(['project', 1, 'agents', {}], LIST);
    client.setQueryData(['project', 1, 'agents', { status: 'online' }], LIST);
    applyStatusChange(client, { projectId: 1, agentId: 11, status: 'offline', currentLoad: 2, maxLoad: 5, lastActivity: null });
    for (const key of [['project', 1, 'agents', {}], ['project', 1, 'agents', { status: 'online' }]]) {
      const list = client.getQueryData<AgentList>(key)!;
      expect(list.items.find((a) => a.id === 11)!.status).toBe('offline');
      expect(list.items.find((a) => a.id === 12)!.status).toBe('online');
    }
  });
});
