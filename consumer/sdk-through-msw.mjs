// The production service's own SDK, unchanged, against an in-process reference through MSW: a draft created and read back.
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { ParagraphAPI } from '@paragraph-com/sdk';
import { startReference } from 'publishing-api-reference';

const reference = await startReference({ port: false, analytics: 'off' });
const interception = setupServer(http.all('https://public.api.paragraph.com/api/*', ({ request }) => reference.fetch(request)));
interception.listen({ onUnhandledRequest: 'error' });
try {
  const api = new ParagraphAPI({ apiKey: reference.keys.demo });
  const created = await api.posts.create({ title: 'From the SDK', markdown: '# Hello\n\nA draft.', status: 'draft' });
  const read = await api.posts.get({ id: created.id }).single();
  console.log(JSON.stringify({ id: created.id, readId: read.id, title: read.title, status: read.status }));
} finally {
  interception.close();
  await reference.close();
}
