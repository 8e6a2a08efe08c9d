import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';

export interface RecordedCall {
  path: string;
  body: Record<string, unknown>;
}

type Answer = { status?: number; body: unknown };
type Handler = (body: Record<string, unknown>) => Answer | Promise<Answer>;

/** Answers the web's API calls by path under /api and records them; unknown paths answer 404. */
export function answerApi(handlers: Record<string, Handler>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^.*?\/api/, '');
    const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>;
    calls.push({ path, body });
    const handler = handlers[path];
    const answer = handler
      ? await handler(body)
      : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found.' } } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

export const result = (value: unknown): Answer => ({ body: { result: value } });

export function renderWithClient(element: ReactElement): RenderResult {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{element}</MemoryRouter>
    </QueryClientProvider>,
  );
}
