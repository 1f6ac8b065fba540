/**
 * The physical limit for a Node server on this machine: node:http answering
 * every request with one fixed JSON body (a real post, given as a file), with
 * the headers a JSON API sends. Nothing else happens per request.
 *
 *   node dist/bench/bare-server.js <body.json>     (after npx tsx reference/build.ts --with-bench)
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerCommands } from './child-commands.js';

const body = readFileSync(process.argv[2]);
const headers = {
  'Content-Type': 'application/json; charset=utf-8',
  'Content-Length': String(body.length),
  'X-Content-Type-Options': 'nosniff',
};

const server = createServer({ keepAliveTimeout: 5_000 }, (req, res) => {
  // Drain any request body so keep-alive works for writes too.
  req.resume();
  req.on('end', () => {
    res.writeHead(200, headers);
    res.end(body);
  });
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ ready: true, url: `http://127.0.0.1:${port}` })}\n`);
});
answerCommands();
process.on('SIGTERM', () => server.close(() => process.exit(0)));
