import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the web app is when WEB_DIST is not set. A built server (dist/server/main.js) serves the
 * web build of its own build folder, so an instance keeps serving the build it started with when
 * a newer build is published beside it; from sources (tsx) it is the last build, dist/web.
 */
export function defaultWebDist(): string {
  const relative = import.meta.url.endsWith('.ts') ? '../dist/web' : '../web';
  return fileURLToPath(new URL(relative, import.meta.url));
}

export function webDistFolder(configured: string | undefined): string {
  return configured ? path.resolve(configured) : defaultWebDist();
}
