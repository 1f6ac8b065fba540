/** The production endpoints beyond SPEC.md (SILENT.md, extended profile): /v1/me, a publication by custom domain, an author by id. */
import { expectError, expectOk, fail, rule, type RuleContext } from '../../src/authoring/index.js';
import { Author } from '../../../schemas/users.js';
import { Me, Publication } from '../../../schemas/publications.js';
import { publicationA, readPublication } from './support.js';

/** Publication A's id and its custom domain without scheme or trailing slash; skips when it has none. */
async function customDomainOfA(ctx: RuleContext): Promise<{ id: string; domain: string }> {
  const { id } = publicationA(ctx);
  const { customDomain } = await readPublication(ctx, id);
  if (!customDomain) return ctx.skip('precondition: publication A has no custom domain');
  return { id, domain: customDomain.replace(/^https?:\/\//i, '').replace(/\/+$/, '') };
}

rule(
  ['publications.me.get'],
  "GET /v1/me answers the key's publication with its plan",
  async (ctx) => {
    const me = expectOk(await ctx.api.get('/v1/me'), Me);
    const a = ctx.target.publications.a;
    if (a && me.id !== a.id) fail(`GET /v1/me answered the publication ${me.id}, the key's is ${a.id}`);
    if (ctx.keys.b) {
      const other = expectOk(await ctx.api.b.get('/v1/me'), Me);
      if (other.id === me.id) fail('GET /v1/me answers the same publication for two different keys');
    }
  },
  { needs: ['apiKey'] },
);

rule(
  ['publications.domain.get'],
  'GET /v1/publications/domain/{domain} answers the publication with that custom domain',
  async (ctx) => {
    const { id, domain } = await customDomainOfA(ctx);
    const found = expectOk(await ctx.api.anonymous.get(`/v1/publications/domain/${encodeURIComponent(domain)}`), Publication);
    if (found.id !== id) fail(`GET /v1/publications/domain/${domain} answered ${found.id}, expected ${id}`);
    expectError(await ctx.api.anonymous.get(`/v1/publications/domain/${ctx.runId}.invalid`), 404);
  },
  { needs: ['publicationIds'] },
);

rule(
  ['authors.get.by-id'],
  'GET /v1/users/{userId} answers the Author',
  async (ctx) => {
    const owner = ctx.target.publications.a?.ownerUserId;
    if (!owner) return ctx.skip('capability missing: publicationIds (the owner of publication A is unknown)');
    const author = expectOk(await ctx.api.anonymous.get(`/v1/users/${encodeURIComponent(owner)}`), Author);
    if (author.id !== owner) fail(`GET /v1/users/${owner} answered ${author.id}`);
    expectError(await ctx.api.anonymous.get(`/v1/users/cfxNoSuchUser0000000`), 404);
  },
);

rule(
  ['authors.get.by-wallet'],
  'GET /v1/users/wallet/{walletAddress} answers the Author with that address',
  async (ctx) => {
    const owner = ctx.target.publications.a?.ownerUserId;
    if (!owner) return ctx.skip('capability missing: publicationIds (the owner of publication A is unknown)');
    const author = expectOk(await ctx.api.anonymous.get(`/v1/users/${encodeURIComponent(owner)}`), Author);
    const byWallet = expectOk(await ctx.api.anonymous.get(`/v1/users/wallet/${encodeURIComponent(author.walletAddress)}`), Author);
    if (byWallet.id !== owner) fail(`GET /v1/users/wallet/${author.walletAddress} answered user ${byWallet.id}, expected ${owner}`);
    expectError(await ctx.api.anonymous.get(`/v1/users/wallet/${ctx.names.wallet()}`), 404);
  },
);

/** The Author of publication A's owner (skips when the owner is unknown). */
async function ownerOfA(ctx: RuleContext) {
  const owner = ctx.target.publications.a?.ownerUserId;
  if (!owner) return ctx.skip('capability missing: publicationIds (the owner of publication A is unknown)');
  return expectOk(await ctx.api.anonymous.get(`/v1/users/${encodeURIComponent(owner)}`), Author);
}

rule(
  ['authors.get.by-wallet-any-case'],
  'GET /v1/users/wallet/{walletAddress} finds the author with the address in upper or lower case (docs/spec-gaps-production.md)',
  async (ctx) => {
    const author = await ownerOfA(ctx);
    const hex = author.walletAddress.slice(2);
    if (!/[a-f]/i.test(hex)) return ctx.skip('precondition: the wallet address of the owner of A has no letters, so it has one case only');
    for (const form of [`0x${hex.toUpperCase()}`, `0x${hex.toLowerCase()}`]) {
      const found = expectOk(await ctx.api.anonymous.get(`/v1/users/wallet/${form}`), Author);
      if (found.id !== author.id) fail(`GET /v1/users/wallet/${form} answered user ${found.id}, expected ${author.id} (wallet ${author.walletAddress})`);
    }
  },
);

rule(
  ['authors.get.by-wallet-malformed-400'],
  'GET /v1/users/wallet/{walletAddress} answers 400 for an address that is not 0x and 40 hexadecimal digits',
  async (ctx) => {
    const author = await ownerOfA(ctx);
    const hex = author.walletAddress.slice(2);
    for (const malformed of [hex, `0x${hex.slice(1)}`, `0x${hex}0`, `0x${hex.slice(1)}g`]) {
      expectError(await ctx.api.anonymous.get(`/v1/users/wallet/${malformed}`), 400);
    }
  },
);

rule(
  ['publications.domain.forms'],
  'GET /v1/publications/domain/{domain} matches the custom domain ignoring letter case, a leading http:// or https:// and trailing slashes',
  async (ctx) => {
    const { id, domain } = await customDomainOfA(ctx);
    for (const form of [domain.toUpperCase(), `https://${domain}`, `http://${domain}/`, `HTTPS://${domain.toUpperCase()}//`]) {
      const found = expectOk(await ctx.api.anonymous.get(`/v1/publications/domain/${encodeURIComponent(form)}`), Publication);
      if (found.id !== id) fail(`GET /v1/publications/domain/${form} answered ${found.id}, expected ${id}`);
    }
    // A scheme counts only at the start, slashes only at the end.
    const [head, tail] = [domain.slice(0, 2), domain.slice(2)];
    for (const near of [`ftp://${domain}`, `https://${domain}/blog`, `www.${domain}`, `${head}https://${tail}`, `${head}/${tail}`]) {
      expectError(await ctx.api.anonymous.get(`/v1/publications/domain/${encodeURIComponent(near)}`), 404);
    }
  },
  { needs: ['publicationIds'], profile: 'extended' },
);
