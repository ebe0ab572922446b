/** Types of build.mjs (plain JavaScript: it runs before anything is built), for its tests. */
export function writeOpenApi(outFile: string): Promise<void>;
export function build(options?: { ifStale?: boolean }): Promise<{ built: boolean; stamp: string }>;
export function sourceStamp(): string;
export function currentStamp(): string | null;
export const SERVER_ENTRIES: Record<string, string>;
