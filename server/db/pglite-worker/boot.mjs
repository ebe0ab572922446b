// The worker's entry: the API runs under tsx, whose loader a worker thread does not inherit on
// Node 20, so it is registered here before the TypeScript worker is loaded.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
