import { describe, expect, it } from 'vitest';
import { allowedHostNames, foreignHostMessage, hostnameOf, isAllowedHost, isApiPath, isLoopbackAddress } from './host-policy.js';

describe('host policy', () => {
  it('always allows loopback names and IP literals, with or without a port', () => {
    for (const host of ['localhost', 'localhost:4010', 'LOCALHOST.', 'app.localhost:3000', '127.0.0.1', '127.0.0.1:4010', '[::1]', '[::1]:4010', '192.168.1.20:4010', '[fe80::1]'])
      expect(isAllowedHost(host, []), host).toBe(true);
  });

  it('refuses any other name unless listed, and malformed Host headers', () => {
    for (const host of ['evil.example', 'evil.example:4010', 'localhost.evil.example', '127.0.0.1.nip.io', 'a@localhost', 'localhost:4010:1', '', ' ', 'local host'])
      expect(isAllowedHost(host, []), host).toBe(false);
    expect(isAllowedHost('ref.internal:8080', ['ref.internal'])).toBe(true);
    expect(isAllowedHost('REF.internal', ['ref.internal'])).toBe(true);
    expect(isAllowedHost('other.internal', ['ref.internal'])).toBe(false);
  });

  it('a request without Host is not from a browser and is allowed', () => {
    expect(isAllowedHost(undefined, [])).toBe(true);
  });

  it('the allowed list: --allowed-host names (a port is ignored) and the public URL host, lower case', () => {
    expect(allowedHostNames({ publicUrl: 'https://Mock.Example.com:8443/base', allowedHosts: ['ci-runner:4010', 'Docker.Internal'] })).toEqual([
      'ci-runner',
      'docker.internal',
      'mock.example.com',
    ]);
    expect(allowedHostNames({})).toEqual([]);
    // Spaces around a name given on the command line are not part of it; a name that is no host name is kept, in lower case.
    expect(allowedHostNames({ allowedHosts: [' CI-Runner:4010 ', 'Not A/Name'] })).toEqual(['ci-runner', 'not a/name']);
  });

  it('hostnameOf keeps IPv6 brackets and drops the port', () => {
    expect(hostnameOf('[::1]:80')).toBe('[::1]');
    expect(hostnameOf('Example.COM:1')).toBe('example.com');
    expect(hostnameOf('x:y')).toBeUndefined();
  });

  it('only /v1 is the browser-facing API', () => {
    expect(isApiPath('/v1/posts')).toBe(true);
    expect(isApiPath('/v1')).toBe(true);
    for (const path of ['/_control', '/_control/reset', '/auth/sessions/x', '/unsubscribe/t', '/media/m.png', '/v10/x', '//v1/posts', '/'])
      expect(isApiPath(path), path).toBe(false);
  });

  it('loopback listening addresses', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '127.10.200.30', '::1', '[::1]', 'localhost', 'app.localhost'])
      expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of ['0.0.0.0', '::', '192.168.1.2', 'myhost', '1127.0.0.1', '127.0.0.1.nip.io', 'localhost.example'])
      expect(isLoopbackAddress(address), address).toBe(false);
  });

  it("the 421 message names the refused host (its first 100 characters) and the flag that would allow it", () => {
    expect(foreignHostMessage('Rebind.Example:4010')).toBe(
      'this server does not answer to the name "Rebind.Example:4010" on its control API and pages (a guard against DNS rebinding): ' +
        'use 127.0.0.1 or localhost, or start it with --allowed-host rebind.example (or a --public-url with that name)',
    );
    const long = `${'a'.repeat(120)}.example`;
    expect(foreignHostMessage(long)).toContain(`the name "${'a'.repeat(100)}" on`);
    expect(foreignHostMessage('a@b')).toContain('--allowed-host <name> (or');
  });
});
