/** Types of build.mjs (plain JavaScript: it runs before anything is built), for its tests. */
export const SERVER_ENTRIES: Record<string, string>;
export const SERVER_ESBUILD_OPTIONS: import('esbuild').BuildOptions;
export function buildServer(outDir: string): Promise<void>;
export function writeOpenApi(outFile: string): Promise<void>;
export function sourceStamp(): string;
export function currentStamp(): string | null;
export function build(options?: { ifStale?: boolean }): Promise<{ built: boolean; stamp: string }>;
