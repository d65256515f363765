/**
 * Reads NDJSON lines from a streamed Response, yielding each parsed object. A reader that stops early (a `break`, or a
 * line that does not parse) cancels the rest of the body: it is locked to this reader, so nobody else could read it.
 * In a module of its own, which imports nothing: the inline boot script reads a link's early answer with it too.
 */
export async function* readNdjson<T = unknown>(response: Response): AsyncGenerator<T> {
  if (!response.body) return;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ended = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let newline = buffer.indexOf('\n');
      while (newline >= 0) {
        const line = buffer.slice(0, newline).trim();
        buffer = buffer.slice(newline + 1);
        if (line) yield JSON.parse(line) as T;
        newline = buffer.indexOf('\n');
      }
    }
    ended = true;
  } finally {
    if (!ended) void reader.cancel().catch(() => undefined);
  }
  const rest = (buffer + decoder.decode()).trim();
  if (rest) yield JSON.parse(rest) as T;
}
