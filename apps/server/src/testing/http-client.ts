import http from 'node:http';

/** An answer that was not 2xx: its status and the start of its body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export type HttpAnswer = { status: number; text: string; json(): unknown };

/**
 * A browser-like client over real HTTP (tests of server processes, benchmarks): keeps cookies,
 * echoes XSRF-TOKEN in X-XSRF-TOKEN. On node:http with kept-alive connections by default — as
 * light a client as pgbench is (fetch costs several times more CPU per request); `keepAlive: false`
 * opens a connection per request. A network failure rejects with the socket's error (its `code`:
 * ECONNREFUSED, ECONNRESET…).
 */
export class HttpClient {
  readonly cookies: Map<string, string>;
  private readonly agent: http.Agent;
  /** `cookies`: another client's jar, shared — one browser talking to several servers. */
  constructor(
    private readonly base: string,
    options: { connections?: number; keepAlive?: boolean; cookies?: Map<string, string> } = {},
  ) {
    this.cookies = options.cookies ?? new Map();
    this.agent = new http.Agent({ keepAlive: options.keepAlive ?? true, maxSockets: options.connections ?? 8 });
  }

  /** Any answer, whatever its status. */
  send(method: 'GET' | 'POST', url: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<HttpAnswer> {
    const xsrf = this.cookies.get('XSRF-TOKEN');
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: http.OutgoingHttpHeaders = { accept: 'application/json', ...extraHeaders };
    if (payload !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
    if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return new Promise((resolve, reject) => {
      const req = http.request(`${this.base}${url}`, { method, headers, agent: this.agent }, (res) => {
        for (const line of res.headers['set-cookie'] ?? []) {
          const [pair] = line.split(';');
          const at = pair?.indexOf('=') ?? -1;
          if (pair && at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
        }
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, text, json: () => (text ? (JSON.parse(text) as unknown) : null) });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** A 2xx answer's JSON body; anything else rejects with HttpError. */
  async request(method: 'GET' | 'POST', url: string, body?: unknown): Promise<unknown> {
    const answer = await this.send(method, url, body);
    if (answer.status < 200 || answer.status >= 300) throw new HttpError(answer.status, `${method} ${url} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    return answer.json();
  }

  /** The SPA's sign-in: csrf-cookie first, then the login POST (SPEC.md §7). */
  async signIn(username: string, password: string): Promise<void> {
    await this.request('GET', '/sanctum/csrf-cookie');
    await this.request('POST', '/api/login', { email: username, password });
  }

  close(): void {
    this.agent.destroy();
  }
}
