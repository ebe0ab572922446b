import type { ReactNode } from 'react';
import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import type { MutationToasts } from './mutation-toasts';
import { notify } from './notify';
import { createQueryClient } from './query-client';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

/** A mutation declared as the app's are, with its toasts in meta; it fails with `fail` when given one. */
function useDeclaredMutation(meta: MutationToasts) {
  return useMutation({
    mutationFn: async (outcome: { fail?: unknown; name?: string }) => {
      if (outcome.fail !== undefined) throw outcome.fail;
      return { id: 7 };
    },
    meta,
  });
}

const renderDeclared = (meta: MutationToasts) => renderHook(() => useDeclaredMutation(meta), { wrapper }).result;

describe('mutation toasts (the query client’s MutationCache)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('on success says the declared text under "Başarılı"', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => undefined);
    const mutation = renderDeclared({ success: 'Proje oluşturuldu', error: 'Proje oluşturulamadı' });
    await act(() => mutation.current.mutateAsync({}));
    expect(success).toHaveBeenCalledWith('Başarılı', 'Proje oluşturuldu');
  });

  it('on failure shows the server’s message under "Hata", else the declared fallback', async () => {
    const error = vi.spyOn(notify, 'error').mockImplementation(() => undefined);
    const success = vi.spyOn(notify, 'success').mockImplementation(() => undefined);
    const mutation = renderDeclared({ success: 'Proje silindi', error: 'Proje silinemedi' });
    await act(() => mutation.current.mutateAsync({ fail: new ApiError(409, 'Proje kodu zaten kullanılıyor') }).catch(() => undefined));
    await act(() => mutation.current.mutateAsync({ fail: new ApiError(500, '') }).catch(() => undefined));
    expect(error.mock.calls).toEqual([
      ['Hata', 'Proje kodu zaten kullanılıyor'],
      ['Hata', 'Proje silinemedi'],
    ]);
    expect(success).not.toHaveBeenCalled();
  });

  it('a toast of its own keeps its title; one worked out from the variables reads them', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => undefined);
    const error = vi.spyOn(notify, 'error').mockImplementation(() => undefined);
    const mutation = renderDeclared({
      success: (data: { id: number }, { name }: { name?: string }) => ({ title: `${name} çevrimdışı yapıldı`, description: `#${data.id}` }),
      error: { title: 'Force offline hatası' },
    });
    await act(() => mutation.current.mutateAsync({ name: 'Ayşe' }));
    await act(() => mutation.current.mutateAsync({ fail: new Error('') }).catch(() => undefined));
    expect(success).toHaveBeenCalledWith('Ayşe çevrimdışı yapıldı', '#7');
    expect(error).toHaveBeenCalledWith('Force offline hatası', 'Beklenmeyen bir hata oluştu');
  });

  it('a mutation without toasts says nothing, and the caller still sees the failure', async () => {
    const error = vi.spyOn(notify, 'error').mockImplementation(() => undefined);
    const mutation = renderDeclared({});
    await expect(act(() => mutation.current.mutateAsync({ fail: new ApiError(400, 'Geçersiz') }))).rejects.toThrow('Geçersiz');
    expect(error).not.toHaveBeenCalled();
  });
});
