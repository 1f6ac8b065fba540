/**
 * The oracle: a fresh reference in this process, served by node:http on a
 * free port, started from the same seed (so the same fixtures) as the target
 * is reset to. It is a separate instance from any reference under test.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AnalyticsOptions } from '../../../reference/src/analytics/service.js';

export interface OracleServer {
  url: string;
  /** The base URL of the links it hands out (a test puts a proxy in front). */
  setBaseUrl(url: string): void;
  close(): Promise<void>;
}

export async function startOracle(seed: number, analytics: AnalyticsOptions = { mode: 'lazy' }): Promise<OracleServer> {
  const { createReference } = await import('../../../reference/src/app.js');
  const reference = createReference({ seed, analytics, logErrors: false });
  const server = createServer((req, res) => reference.handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  reference.setBaseUrl(url);
  return {
    url,
    setBaseUrl: (base) => reference.setBaseUrl(base),
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await reference.close();
    },
  };
}
