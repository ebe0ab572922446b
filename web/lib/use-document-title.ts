import { useEffect } from 'react';
import { useAppName } from './app-name';

/** The browser tab reads '<title> · <application name>' (the name comes from the system settings). */
export function useDocumentTitle(title: string | null): void {
  const appName = useAppName();
  useEffect(() => {
    document.title = !title || title === appName ? appName : `${title} · ${appName}`;
  }, [title, appName]);
}
