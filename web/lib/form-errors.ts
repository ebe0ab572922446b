import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError, errorMessage } from './api-error';

/**
 * Puts the server's per-field messages on the form's fields. What matches no field
 * (or a failure without field errors) goes to `root.server`, for the form to show
 * above its button. Returns true when at least one field got its message.
 */
export function applyServerErrors<T extends FieldValues>(form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>, error: unknown): boolean {
  const values = form.getValues() as Record<string, unknown>;
  let matched = false;
  if (error instanceof ApiError) {
    for (const [path, message] of Object.entries(error.fieldErrors)) {
      const root = path.split('.')[0]!;
      if (!(root in values)) continue;
      form.setError(path as Path<T>, { type: 'server', message }, { shouldFocus: !matched });
      matched = true;
    }
  }
  if (!matched) form.setError('root.server' as Path<T>, { type: 'server', message: errorMessage(error) });
  return matched;
}

/**
 * The form's submit handler for a dialog whose `onSubmit` reports failure by throwing: the
 * server's messages land on the fields (or above the button), and the dialog stays open.
 */
export function submitWithServerErrors<T extends FieldValues, TOut>(
  form: UseFormReturn<T, unknown, TOut>,
  onSubmit: (values: TOut) => Promise<unknown>,
) {
  return form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyServerErrors(form, error);
    }
  });
}
