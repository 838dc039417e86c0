import { httpClient } from './request';

/** The file name a server gave in `Content-Disposition` (RFC 5987 `filename*` first). */
export function fileNameOf(disposition: string | undefined, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : fallback;
}

/**
 * Downloads a file the API streams (a CSV export) through the one HTTP client, so the
 * session's token goes with it, then hands it to the browser as a download.
 */
export async function downloadFile(
  path: string,
  options: { params?: Record<string, unknown>; signal?: AbortSignal } = {},
): Promise<void> {
  const http = await httpClient();
  const response = await http.get<Blob>(path, {
    params: options.params,
    signal: options.signal,
    responseType: 'blob',
  });
  const name = fileNameOf(response.headers['content-disposition'] as string | undefined, 'export.csv');
  const url = URL.createObjectURL(response.data);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
