import { useMatches } from 'react-router';
import { useAppName } from '@web/lib/app-name';
import { useActiveProject } from '@web/stores/session-store';
import { resolveTitle, type RouteHandle } from '../routes';

/** The deepest matched route's title (the route table's `title`). */
export function usePageTitle(): string {
  const matches = useMatches();
  const activeProject = useActiveProject();
  const appName = useAppName();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]!.handle as RouteHandle | undefined;
    if (handle?.title) return resolveTitle(handle.title, { activeProject });
  }
  return appName;
}
