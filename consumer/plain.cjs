// The same from CommonJS: require() of the package's ES modules (Node 20.19+).
const { startReference } = require('publishing-api-reference');
const { PostCreate } = require('publishing-api-reference/schemas');

startReference({ port: false, analytics: 'off' }).then(async (reference) => {
  const body = PostCreate.parse({ title: 'From CommonJS', markdown: 'Hello', status: 'draft' });
  const response = await reference.fetch(
    new Request('https://public.api.paragraph.com/api/v1/posts', {
      method: 'POST',
      headers: { Authorization: `Bearer ${reference.keys.demo}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
  await reference.close();
  console.log(JSON.stringify({ status: response.status }));
});
