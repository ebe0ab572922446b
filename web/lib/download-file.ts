import type { ApiErrorCode } from '@common/error-codes';
import { endpointPath, type EndpointDefinition, type EndpointInput } from '@common/contract/define-endpoint';
import { authorizedFetch, type QueryParams } from './api-client';
import { ApiError, UNEXPECTED_ERROR } from './api-error';

/** The file name a Content-Disposition carries: the UTF-8 `filename*` first (RFC 6266), else `filename`. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? fallback;
}

/**
 * Downloads a file endpoint (`raw: true` in the contract) with the session: reads the stream
 * as it arrives, reporting the bytes received, then hands the file to the browser.
 */
export async function downloadEndpointFile<E extends EndpointDefinition>(
  endpoint: E,
  input: EndpointInput<E>,
  onProgress: (bytes: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  const { params, query } = input as { params?: Record<string, unknown>; query?: QueryParams };
  const response = await authorizedFetch(endpointPath(endpoint.path, params), { method: 'GET', query, signal, headers: { Accept: '*/*' } });
  if (!response.ok) {
    // The server's envelope, e.g. 429 EXPORT_BUSY with its Turkish message when too many exports run at once.
    const failure = (await response.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string>; code?: ApiErrorCode };
    throw new ApiError(response.status, failure.message ?? UNEXPECTED_ERROR, failure.errors ?? {}, failure.code, response.headers.get('x-request-id') ?? undefined);
  }
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value as Uint8Array<ArrayBuffer>);
      received += value.byteLength;
      onProgress(received);
    }
  }
  const name = fileNameFrom(response.headers.get('Content-Disposition'), 'indirme');
  const url = URL.createObjectURL(new Blob(chunks, { type: response.headers.get('Content-Type') ?? 'application/octet-stream' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
