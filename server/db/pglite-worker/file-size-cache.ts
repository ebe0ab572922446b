/**
 * PostgreSQL asks a relation file's size (an `lseek` to its end) each time it plans a query, for
 * every table and index the plan may use, and each time it starts a sequential or bitmap scan.
 * PGlite's file system on Node (Emscripten's NODEFS) answers every such `lseek` with an `fstat`
 * system call: on the list's statements that was about a sixth of the database thread's time.
 *
 * The size is kept per file until something that can change it happens to that file: a write,
 * a size change (truncate, extend), a new open of it. Only this thread writes the data folder (the
 * folder lock keeps other processes out), so what it has not written has not changed. The first
 * `lseek` after a change asks the system again, so a kept size is never one the file no longer has.
 */
interface FileNode {
  mode: number;
}
interface Stream {
  node: FileNode;
  nfd?: number;
}
type Ops = Record<string, ((...args: never[]) => unknown) | undefined>;
export interface EmscriptenFs {
  isFile(mode: number): boolean;
  filesystems?: { NODEFS?: { stream_ops?: Ops; node_ops?: Ops } };
}

const SEEK_END = 2;

/** Installs the cache on the module's NODEFS; false when its shape is not the one expected (then nothing changes). */
export function cacheFileSizes(FS: EmscriptenFs): boolean {
  const nodefs = FS.filesystems?.NODEFS;
  const streamOps = nodefs?.stream_ops;
  const nodeOps = nodefs?.node_ops;
  const changing = ['write', 'setattr', 'open'] as const;
  if (!streamOps || !nodeOps || typeof streamOps.llseek !== 'function' || typeof nodeOps.setattr !== 'function' || changing.some((op) => typeof streamOps[op] !== 'function')) return false;

  const sizes = new WeakMap<FileNode, number>();
  const llseek = streamOps.llseek as (stream: Stream, offset: number, whence: number) => number;
  streamOps.llseek = ((stream: Stream, offset: number, whence: number) => {
    if (whence !== SEEK_END || stream.nfd === undefined || !FS.isFile(stream.node.mode)) return llseek(stream, offset, whence);
    const size = sizes.get(stream.node);
    if (size === undefined) {
      // The original answers a failing fstat with the file system's own error.
      const position = llseek(stream, offset, whence);
      sizes.set(stream.node, position - offset);
      return position;
    }
    if (offset + size < 0) return llseek(stream, offset, whence);
    return offset + size;
  }) as never;

  // Whatever may change a file's size forgets it, a call that failed half-way too.
  const forgetting = (ops: Ops, name: string, nodeOf: (target: unknown) => FileNode | undefined) => {
    const original = ops[name] as (target: unknown, ...rest: unknown[]) => unknown;
    ops[name] = ((target: unknown, ...rest: unknown[]) => {
      try {
        return original(target, ...rest);
      } finally {
        const node = nodeOf(target);
        if (node) sizes.delete(node);
      }
    }) as never;
  };
  const streamNode = (stream: unknown) => (stream as Stream | undefined)?.node;
  for (const op of changing) forgetting(streamOps, op, streamNode);
  if (typeof streamOps.allocate === 'function') forgetting(streamOps, 'allocate', streamNode);
  if (typeof streamOps.msync === 'function') forgetting(streamOps, 'msync', streamNode);
  forgetting(nodeOps, 'setattr', (node) => node as FileNode | undefined);
  return true;
}
