import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { applyServerErrors } from './form-errors';

function useTestForm() {
  const form = useForm({ defaultValues: { code: '', name: '', db: { host: '' } } });
  // react-hook-form only tracks the errors a render reads, as a form showing them does.
  void form.formState.errors;
  return form;
}

describe('applyServerErrors', () => {
  it("puts the server's field messages on the matching fields", () => {
    const { result } = renderHook(() => useTestForm());
    const error = new ApiError(409, 'Bu proje kodu zaten kullanılıyor', { code: 'Bu proje kodu zaten kullanılıyor', 'db.host': 'Veritabanı host gereklidir' });
    let matched = false;
    act(() => {
      matched = applyServerErrors(result.current, error);
    });
    expect(matched).toBe(true);
    expect(result.current.getFieldState('code').error?.message).toBe('Bu proje kodu zaten kullanılıyor');
    expect(result.current.getFieldState('db.host').error?.message).toBe('Veritabanı host gereklidir');
    expect(result.current.formState.errors.root).toBeUndefined();
  });

  it('puts a failure without matching fields on root.server', () => {
    const { result } = renderHook(() => useTestForm());
    let matched = true;
    act(() => {
      matched = applyServerErrors(result.current, new ApiError(403, 'Bu işlem için yetkiniz yok', { role: 'x' }));
    });
    expect(matched).toBe(false);
    expect(result.current.formState.errors.root?.server?.message).toBe('Bu işlem için yetkiniz yok');
  });

  it("falls back to 'Beklenmeyen bir hata oluştu' for an unknown failure", () => {
    const { result } = renderHook(() => useTestForm());
    act(() => {
      applyServerErrors(result.current, 'garip');
    });
    expect(result.current.formState.errors.root?.server?.message).toBe('Beklenmeyen bir hata oluştu');
  });
});
