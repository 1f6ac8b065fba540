/**
 * Starts the reference server in this process when no --url is given. The
 * import is dynamic so that a run against a URL never loads the reference.
 */
export interface StartedReference {
  url: string;
  close(): Promise<void>;
}

export async function startReference(seed: number): Promise<StartedReference> {
  const { startServer } = await import('../../../reference/src/server.js');
  // Analytics start at once, so the first analytics test does not pay for PGlite's start alone.
  const server = await startServer({ port: 0, host: '127.0.0.1', seed, quiet: true, analytics: { mode: 'background' } });
  return { url: server.url, close: () => server.close() };
}
