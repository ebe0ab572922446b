import { setDisplayTimeZone } from '@web/lib/format';
import { useProjectTimeZone } from '@web/stores/session-store';

/**
 * Dates on every screen are shown in the active project's time zone. Set during render, so the page
 * drawn below already formats with it; the frame keys the page by the zone it returns, so a change
 * (another project, or its settings saved) redraws every date at once.
 */
export function useDisplayTimeZone(): string {
  const timeZone = useProjectTimeZone();
  setDisplayTimeZone(timeZone);
  return timeZone;
}
