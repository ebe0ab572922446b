import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TERMS } from '@common/terms';
import { ApiError, NETWORK_ERROR, TIMEOUT_ERROR } from '@web/lib/api-error';
import { ErrorState, STALE_DATA_TEXT } from './error-state';

describe('ErrorState: one rule for a server that cannot be reached', () => {
  it("reads 'Sunucuya ulaşılamıyor' for a call that got no answer, whatever the screen's title, and 'Tekrar Dene' retries", async () => {
    const onRetry = vi.fn();
    render(<ErrorState title="Rapor yüklenemedi" error={new ApiError(0, NETWORK_ERROR)} onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText(TERMS.unreachable)).toBeInTheDocument();
    expect(alert).not.toHaveTextContent('Rapor yüklenemedi');
    await userEvent.click(within(alert).getByRole('button', { name: TERMS.retry }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('says the same for a balancer with nothing behind it (502, 503, 504) and for a timeout', () => {
    for (const status of [502, 503, 504]) {
      const { unmount } = render(<ErrorState title="Rapor yüklenemedi" error={new ApiError(status, 'Bad Gateway')} onRetry={() => undefined} />);
      expect(screen.getByRole('alert')).toHaveTextContent(TERMS.unreachable);
      unmount();
    }
    render(<ErrorState error={new ApiError(0, TIMEOUT_ERROR, {}, 'TIMEOUT')} onRetry={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent(TERMS.unreachable);
    expect(screen.getByRole('alert')).toHaveTextContent('zamanında yanıt vermedi');
  });

  it("a server that answered with an error (500) was reached: the screen's own title, the message and the request id for support", () => {
    render(<ErrorState title="Veri Yüklenemedi" error={new ApiError(500, 'Beklenmeyen bir hata oluştu', {}, 'INTERNAL', 'req-42')} onRetry={() => undefined} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Veri Yüklenemedi');
    expect(alert).toHaveTextContent('Hata kodu: req-42');
    expect(alert).not.toHaveTextContent(TERMS.unreachable);
    expect(within(alert).getByRole('button', { name: TERMS.retry })).toBeVisible();
  });

  it("keeps a refusal's own message (4xx): not 'Sunucuya ulaşılamıyor'", () => {
    render(<ErrorState title="Projeler yüklenemedi" error={new ApiError(403, 'Bu işlem için yetkiniz yok', {}, 'FORBIDDEN')} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Projeler yüklenemedi');
    expect(alert).toHaveTextContent('Bu işlem için yetkiniz yok');
    expect(alert).not.toHaveTextContent(TERMS.unreachable);
  });

  it("as a banner over data still on screen, says the data may be stale, and a failed query's 'Tekrar Dene' refetches it", async () => {
    const refetch = vi.fn();
    render(<ErrorState variant="banner" query={{ error: new ApiError(0, NETWORK_ERROR), refetch, isFetching: false }} />);
    const banner = screen.getByRole('status');
    expect(banner).toHaveTextContent(TERMS.unreachable);
    expect(banner).toHaveTextContent(STALE_DATA_TEXT);
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(within(banner).getByRole('button', { name: TERMS.retry }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
