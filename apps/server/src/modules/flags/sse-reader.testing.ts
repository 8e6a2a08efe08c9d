/** Reads server-sent events from a real HTTP response, one event at a time (tests only). */
export interface SseReader {
  status: number;
  /** The next event, or a rejection after `timeoutMs`. */
  next(timeoutMs?: number): Promise<{ event: string; data: string }>;
  close(): void;
}

export async function openSse(url: string): Promise<SseReader> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream' }, signal: controller.signal });
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = '';

  async function next(timeoutMs = 5000): Promise<{ event: string; data: string }> {
    if (!reader) throw new Error(`no stream (status ${response.status})`);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const lines = block.split('\n');
        const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
        const data = lines
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice(6))
          .join('\n');
        if (event) return { event, data };
        continue; // retry: and comment lines
      }
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error('no event in time');
      let timer: NodeJS.Timeout | undefined;
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error('no event in time')), remaining);
        }),
      ]).finally(() => clearTimeout(timer));
      if (chunk.done) throw new Error('stream ended');
      buffer += decoder.decode(chunk.value, { stream: true });
    }
  }

  return { status: response.status, next, close: () => controller.abort() };
}
