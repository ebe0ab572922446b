import type { Server } from 'node:http';
export declare const TOLERANCE_SECONDS: number;
export declare function verifyWebhook(secret: string, headers: { timestamp: unknown; signature: unknown }, rawBody: string, nowSeconds?: number): boolean;
export declare function createReceiver(secret: string, onEvent: (event: { id: string; type: string; [key: string]: unknown }) => void, seen?: Set<string>): Server;
