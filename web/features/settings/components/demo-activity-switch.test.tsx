import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_ACTIVITY_MESSAGES } from '@common/schemas/demo';
import { json, mockFetch } from '@web/test/fetch-mock';
import { DemoActivitySwitch } from './demo-activity-switch';

function renderSwitch(allowed = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <DemoActivitySwitch allowed={allowed} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DemoActivitySwitch', () => {
  it('shows the server’s state with its explanation and switches it on and off through the API', async () => {
    let enabled = false;
    const { calls } = mockFetch((call) => {
      if (call.method === 'PUT') enabled = (call.body as { enabled: boolean }).enabled;
      return json(200, { success: true, data: { enabled } });
    });
    renderSwitch();
    const toggle = await screen.findByRole('switch', { name: DEMO_ACTIVITY_MESSAGES.label });
    expect(toggle).not.toBeChecked();
    expect(screen.getByRole('heading', { name: 'Demo etkinliği' })).toBeInTheDocument();
    expect(toggle).toHaveAccessibleDescription(DEMO_ACTIVITY_MESSAGES.explanation);

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ enabled: true }]);

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ enabled: true }, { enabled: false }]);
    expect(calls.every((c) => c.url.endsWith('/api/demo/activity'))).toBe(true);
  });

  it('renders nothing outside demo mode (the server answers 404)', async () => {
    const { calls } = mockFetch(() => json(404, { success: false, code: 'NOT_FOUND', message: DEMO_ACTIVITY_MESSAGES.notDemo }));
    const { container } = renderSwitch();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('does not even ask for someone who is not a super admin', () => {
    const { calls } = mockFetch(() => json(200, { success: true, data: { enabled: false } }));
    const { container } = renderSwitch(false);
    expect(container).toBeEmptyDOMElement();
    expect(calls).toHaveLength(0);
  });
});

describe('DemoActivitySwitch when the server refuses', () => {
  it('shows the server’s state again', async () => {
    mockFetch((call) => (call.method === 'PUT' ? json(500, { success: false, code: 'INTERNAL', message: 'Beklenmeyen hata' }) : json(200, { success: true, data: { enabled: false } })));
    renderSwitch();
    const toggle = await screen.findByRole('switch', { name: DEMO_ACTIVITY_MESSAGES.label });
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
  });
});
