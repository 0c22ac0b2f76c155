import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';

/**
 * Request mocking at the network layer (msw): screens under test call the real HTTP client, and
 * the answers come from handlers — no spying on axios. test-setup.ts starts it for every web test;
 * a test adds handlers with `server.use(...)` and they are reset after it.
 */
export const server = setupServer();

export { http as rest, HttpResponse };

/** `GET /api/x` answered with `body` (status 200 unless said). */
export function answerGet(path: string, body: JsonBodyType, status = 200) {
  return http.get(path, () => HttpResponse.json(body, { status }));
}

/** A list answer as the API gives it: `{data, meta}` on one page. */
export function pageOf<T extends JsonBodyType>(data: T[], meta: Partial<{ page: number; perPage: number; total: number; lastPage: number }> = {}) {
  return { data, meta: { page: 1, perPage: 25, total: data.length, lastPage: 1, ...meta } };
}

/** A 422 as the server sends it: a message and the messages per field. */
export function invalid(errors: Record<string, string[]>, message = 'The given data was invalid.') {
  return HttpResponse.json({ message, errors }, { status: 422 });
}

/**
 * Records the requests that reach `server`, to assert what a screen sent:
 * `const sent = recordRequests(); … expect(sent.find('POST', '/api/x/create')?.body).toEqual(…)`.
 */
export function recordRequests() {
  const requests: Array<{ method: string; path: string; search: URLSearchParams; body: unknown }> = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    const entry = { method: request.method, path: url.pathname, search: url.searchParams, body: undefined as unknown };
    requests.push(entry);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      void request
        .clone()
        .text()
        .then((text) => {
          try {
            entry.body = text ? JSON.parse(text) : undefined;
          } catch {
            entry.body = text;
          }
        });
    }
  });
  return {
    all: requests,
    find: (method: string, path: string) => requests.find((r) => r.method === method && r.path === path),
    filter: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
  };
}
