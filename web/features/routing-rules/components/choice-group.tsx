import { useId, type ReactNode } from 'react';
import { cn } from '@web/lib/cn';

export interface ChoiceOption<V extends string | number> {
  value: V;
  /** What the chip shows. */
  label: ReactNode;
  /** The accessible name when the chip shows an abbreviation ('Pzt' → 'Pazartesi'). */
  fullLabel?: string;
}

export interface ChoiceGroupProps<V extends string | number> {
  legend: string;
  options: readonly ChoiceOption<V>[];
  value: readonly V[];
  onChange: (next: V[]) => void;
  error?: string;
  hint?: ReactNode;
  className?: string;
  /** Extra buttons beside the legend ('Hafta içi', 'Her gün'). */
  shortcuts?: ReactNode;
}

/**
 * A multi-select as a row of checkbox chips: every option visible at once, each a real checkbox
 * (keyboard: Tab and Space), the group named by its legend, its error read with it.
 */
export function ChoiceGroup<V extends string | number>({ legend, options, value, onChange, error, hint, className, shortcuts }: ChoiceGroupProps<V>) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const toggle = (option: V, checked: boolean) =>
    onChange(checked ? options.map((o) => o.value).filter((v) => v === option || value.includes(v)) : value.filter((v) => v !== option));
  return (
    <fieldset className={cn('min-w-0', className)} aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}>
      {/* The legend is the fieldset's first child, so it names the group. */}
      <legend className="mb-1.5 text-sm font-medium text-zinc-800 dark:text-zinc-200">{legend}</legend>
      {shortcuts && <div className="mb-1.5 flex flex-wrap gap-1">{shortcuts}</div>}
      <div className="flex flex-wrap gap-1.5">
        {options.map((option) => {
          const checked = value.includes(option.value);
          return (
            <label
              key={option.value}
              className={cn(
                'relative inline-flex cursor-pointer items-center rounded-lg border px-2.5 py-1.5 text-sm font-medium transition-colors select-none',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-500 dark:has-[:focus-visible]:outline-indigo-400',
                checked
                  ? 'border-indigo-600 bg-indigo-50 text-indigo-800 dark:border-indigo-400 dark:bg-indigo-500/15 dark:text-indigo-200'
                  : 'border-zinc-300 bg-white text-zinc-700 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800',
                error && !checked && 'border-red-400 dark:border-red-500/60',
              )}
            >
              <input
                type="checkbox"
                className="sr-only"
                checked={checked}
                aria-label={option.fullLabel}
                onChange={(e) => toggle(option.value, e.target.checked)}
              />
              {option.fullLabel ? <span aria-hidden="true">{option.label}</span> : option.label}
            </label>
          );
        })}
      </div>
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-xs font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
