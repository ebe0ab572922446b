import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { SETTINGS_MESSAGES } from '@common/schemas/settings';

/**
 * Warns before leaving with unsaved changes: the browser's own prompt on reload or close, and
 * a confirmation on navigation inside the app.
 */
export function useUnsavedChangesGuard(dirty: boolean): void {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(SETTINGS_MESSAGES.unsavedChanges)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
