import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Dialog } from '@web/components/ui';
import { useShortcutHelp } from '@web/stores/shortcut-help-store';
import { GO_TO, neighbourCard, searchField, SEQUENCE_MS, SHORTCUTS, shortcutAllowed, sideCard } from './shortcut-keys';

/**
 * The keyboard-first desk: j/k move between requests, h/l between columns, / goes to search, g d / g b
 * go to the dashboard or /bonus, ? lists them all. Never while typing in a field or under a dialog.
 */
export function KeyboardShortcuts() {
  const navigate = useNavigate();
  const helpOpen = useShortcutHelp((s) => s.open);
  const setHelpOpen = useShortcutHelp((s) => s.setOpen);
  const pendingG = useRef(0);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!shortcutAllowed(event)) return;
      const sequence = performance.now() - pendingG.current < SEQUENCE_MS;
      pendingG.current = 0;
      if (sequence && GO_TO[event.key]) {
        event.preventDefault();
        void navigate(GO_TO[event.key]!);
        return;
      }
      if (event.key === 'g') pendingG.current = performance.now();
      else if (event.key === '?') {
        event.preventDefault();
        setHelpOpen(true);
      } else if (event.key === '/') {
        const field = searchField();
        if (!field) return;
        event.preventDefault();
        field.focus();
        field.select();
      } else if (event.key === 'j' || event.key === 'k' || event.key === 'h' || event.key === 'l') {
        const card =
          event.key === 'j' || event.key === 'k' ? neighbourCard(document.activeElement, event.key === 'j' ? 1 : -1) : sideCard(document.activeElement, event.key === 'l' ? 1 : -1);
        if (!card) return;
        event.preventDefault();
        card.focus();
        card.scrollIntoView({ block: 'nearest' });
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [navigate, setHelpOpen]);

  return (
    <Dialog open={helpOpen} onClose={() => setHelpOpen(false)} title="Klavye kısayolları" description="Bir alana yazarken kısayollar çalışmaz." size="sm">
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
        {SHORTCUTS.map((s) => (
          <div key={s.label} className="contents">
            <dt className="flex gap-1">
              {s.keys.map((k, i) => (
                <kbd key={i} className="rounded border border-zinc-300 bg-zinc-50 px-1.5 py-0.5 font-mono text-xs text-zinc-900 dark:border-zinc-600 dark:bg-zinc-800 dark:text-zinc-100">
                  {k}
                </kbd>
              ))}
            </dt>
            <dd className="text-zinc-700 dark:text-zinc-300">{s.label}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
