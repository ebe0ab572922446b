/** Types of build-lock.mjs (plain JavaScript: it runs before anything is built). */
export function acquireBuildLock(dir: string, options?: { waitMs?: number }): Promise<() => void>;
