import { Power, PowerOff } from 'lucide-react';
import { Button } from '@web/components/ui';

/**
 * 'Pasifleştir' / 'Aktifleştir' of an account or a project. `name`, where given, names the thing
 * in the button's accessible name ('ayse pasifleştir'), for rows that each have one.
 */
export function ActiveToggleButton({ active, busy, name, onClick }: { active: boolean; busy: boolean; name?: string; onClick: () => void }) {
  const label = name === undefined ? undefined : `${name} ${active ? 'pasifleştir' : 'aktifleştir'}`;
  return (
    <Button variant="outline" size="sm" icon={active ? PowerOff : Power} loading={busy} onClick={onClick} aria-label={label}>
      {active ? 'Pasifleştir' : 'Aktifleştir'}
    </Button>
  );
}
