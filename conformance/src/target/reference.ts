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
  const server = await startServer({ port: 0, host: '127.0.0.1', seed, quiet: true });
  return { url: server.url, close: () => server.close() };
}
