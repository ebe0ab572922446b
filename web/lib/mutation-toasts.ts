import { MutationCache } from '@tanstack/react-query';
import { errorMessage } from './api-error';
import { notify } from './notify';

/** A toast's title and text, as `notify` shows them. */
export interface Toast {
  title: string;
  description?: string;
}

/**
 * What a mutation says when it ends, declared where it is defined (`useMutation({ meta: { … } })`)
 * and shown by the query client's MutationCache, so no screen writes its own try/notify block.
 * The functions get the mutation's result (or error) and variables; their parameters are `never`
 * here because one meta type serves every mutation, so a function names the types it reads.
 */
export type MutationToasts = {
  /** A text under 'Başarılı'; a toast of its own; or one worked out from the result. */
  success?: string | Toast | ((data: never, variables: never) => Toast);
  /**
   * A text under 'Hata', or a toast of its own whose description (if any) is the fallback: either
   * way the server's message is shown when there is one. A function decides the whole toast.
   */
  error?: string | Toast | ((error: unknown, variables: never) => Toast);
};

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: MutationToasts;
  }
}

export const SUCCESS_TITLE = 'Başarılı';
export const ERROR_TITLE = 'Hata';

export function successToast(spec: MutationToasts['success'], data: unknown, variables: unknown): Toast | undefined {
  if (spec === undefined) return undefined;
  if (typeof spec === 'string') return { title: SUCCESS_TITLE, description: spec };
  return typeof spec === 'function' ? spec(data as never, variables as never) : spec;
}

export function errorToast(spec: MutationToasts['error'], error: unknown, variables: unknown): Toast | undefined {
  if (spec === undefined) return undefined;
  if (typeof spec === 'string') return { title: ERROR_TITLE, description: errorMessage(error, spec) };
  if (typeof spec === 'function') return spec(error, variables as never);
  return { title: spec.title, description: errorMessage(error, spec.description) };
}

/** A toast without a description is raised with its title alone, as the screens did by hand. */
function show(kind: 'success' | 'error', toast: Toast | undefined) {
  if (!toast) return;
  if (toast.description === undefined) notify[kind](toast.title);
  else notify[kind](toast.title, toast.description);
}

/** The cache that shows every mutation's declared toasts, as the mutation settles (before its own callbacks run). */
export function createMutationCache(): MutationCache {
  return new MutationCache({
    onSuccess: (data, variables, _context, mutation) => show('success', successToast(mutation.meta?.success, data, variables)),
    onError: (error, variables, _context, mutation) => show('error', errorToast(mutation.meta?.error, error, variables)),
  });
}
