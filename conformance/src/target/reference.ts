/**
 * Starts the reference server in this process when no --url is given. The
 * import is dynamic so that a run against a URL never loads the reference.
 */
export interface StartedReference {
  url: string;
  close(): Promise<void>;
}

/**
 * `filtered`: the run selects some tests only. Analytics then start on the
 * first analytics request (most filtered runs have none); the whole suite
 * starts them at once, so the first analytics test does not pay for PGlite's
 * start alone.
 */
export async function startReference(seed: number, filtered = false): Promise<StartedReference> {
  const { startServer } = await import('../../../reference/src/server.js');
  const analytics = { mode: filtered ? ('lazy' as const) : ('background' as const) };
  const server = await startServer({ port: 0, host: '127.0.0.1', seed, analytics });
  return { url: server.url, close: () => server.close() };
}
