/**
 * Users: an author by id (SILENT.md's extended endpoint) and by wallet
 * address (production's OpenAPI).
 */
import { Author } from '../users.js';
import { json, type Endpoint } from './endpoint.js';

const tag = 'Users';

export const userEndpoints: Endpoint[] = [
  {
    method: 'get', path: '/v1/users/{userId}', tag, auth: 'none', profile: 'extended',
    summary: 'Get an author', responses: { 200: json('the author', Author) }, errors: [404],
  },
  {
    method: 'get', path: '/v1/users/wallet/{walletAddress}', tag, auth: 'none', profile: 'extended',
    summary: 'Get an author by wallet address',
    description: 'The address is 0x and 40 hexadecimal digits, compared ignoring case.',
    responses: { 200: json('the author', Author) },
    errors: { 400: 'walletAddress is not 0x and 40 hexadecimal digits', 404: 'no user with this wallet address' },
  },
];
