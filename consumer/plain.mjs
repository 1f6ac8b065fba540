// A plain node script of a project that installed the package: a reference on a free port, one request, closed.
import { startReference } from 'publishing-api-reference';

const reference = await startReference({ analytics: 'off' });
const response = await fetch(`${reference.url}/v1/posts?limit=1`, { headers: { Authorization: `Bearer ${reference.keys.demo}` } });
const { items } = await response.json();
await reference.close();
console.log(JSON.stringify({ status: response.status, items: items.length }));
