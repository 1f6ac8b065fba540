/**
 * HTTP for users: an author by id or by wallet address. Public reads.
 */
import { badRequest, notFound } from '../errors.js';
import type { RouteDef } from '../http/types.js';
import { WALLET_PATTERN } from '../../../schemas/subscribers.js';
import type { Author, UserStore } from './store.js';

function requireAuthor(users: UserStore, id: string | undefined, what: string): Author {
  const author = id === undefined ? undefined : users.author(id);
  if (!author) throw notFound(`no user ${what}`);
  return author;
}

export const userRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/v1/users/:userId',
    auth: 'none',
    handler: ({ state, params }) => ({ json: requireAuthor(state.users, params.userId, `with id ${params.userId}`) }),
  },
  {
    method: 'GET',
    path: '/v1/users/wallet/:walletAddress',
    auth: 'none',
    handler: ({ state, params }) => {
      const wallet = params.walletAddress;
      if (!WALLET_PATTERN.test(wallet)) throw badRequest('walletAddress must be 0x followed by 40 hexadecimal digits');
      return { json: requireAuthor(state.users, state.users.idByWallet(wallet), `with wallet address ${wallet}`) };
    },
  },
];
