import { cn } from '@web/lib/cn';
import { focusRing } from '@web/components/ui/focus-ring';
import { useShortcutHelp } from '@web/stores/shortcut-help-store';

/** '? Kısayollar': where the desk's keys are, for someone who has not pressed '?' yet. */
export function ShortcutsHint() {
  const setOpen = useShortcutHelp((s) => s.setOpen);
  return (
    <button
      type="button"
      onClick={() => setOpen(true)}
      className={cn(
        focusRing,
        'inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100',
      )}
    >
      <kbd aria-hidden="true" className="rounded border border-zinc-300 bg-zinc-50 px-1 font-mono text-zinc-900 dark:border-zinc-600 dark:bg-zinc-800 dark:text-zinc-100">
        ?
      </kbd>
      Kısayollar
    </button>
  );
}
