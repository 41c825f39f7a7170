export interface ServerEvent {
  event: string;
  data: unknown;
  /** The SSE `id:` of the event, when it has one. */
  id?: string;
}

/**
 * A live-events client as a browser would open it (bearer header, text/event-stream), collecting what
 * arrives so a test can wait for the event it expects.
 */
export class SseClient {
  readonly events: ServerEvent[] = [];
  /** Resolves when the server ends the stream. */
  readonly ended: Promise<void>;
  private readonly abort = new AbortController();
  private waiters: (() => void)[] = [];

  private constructor(readonly response: Response) {
    this.ended = this.read();
  }

  /** `lastEventId`: sent as Last-Event-ID, as a reconnecting EventSource does. */
  static async open(baseUrl: string, token: string | null, lastEventId?: string): Promise<SseClient> {
    const abort = new AbortController();
    const response = await fetch(`${baseUrl}/api/events`, {
      headers: {
        ...(token ? { authorization: `Bearer ${token}`, accept: 'text/event-stream' } : {}),
        ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
      },
      signal: abort.signal,
    });
    const client = new SseClient(response);
    client.abort.signal.addEventListener('abort', () => abort.abort());
    return client;
  }

  /** Waits until an event matching `predicate` has arrived, or fails after `timeoutMs`. */
  async waitFor(predicate: (event: ServerEvent) => boolean, timeoutMs = 2_000): Promise<ServerEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find(predicate);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(`No matching event within ${timeoutMs} ms; got ${JSON.stringify(this.events)}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.abort.abort();
  }

  private async read(): Promise<void> {
    if (!this.response.body) return;
    const reader = this.response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let boundary: number;
        while ((boundary = buffer.indexOf('\n\n')) >= 0) {
          this.take(buffer.slice(0, boundary));
          buffer = buffer.slice(boundary + 2);
        }
      }
    } catch {
      // Aborted by close(): the stream simply ends.
    }
  }

  private take(block: string): void {
    let event = 'message';
    let id: string | undefined;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('id:')) id = line.slice(3).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length === 0) return;
    const text = data.join('\n');
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: kept as text.
    }
    this.events.push(id === undefined ? { event, data: parsed } : { event, data: parsed, id });
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}
