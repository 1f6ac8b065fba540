import { NO_STORE, html, type Endpoint, type JsonSchema } from './endpoint.js';

const tag = 'Public site';
const PAGE_HEADERS = {
  ...NO_STORE,
  'Referrer-Policy': { description: 'same-origin' },
  'Content-Security-Policy': { description: 'no script; the page stylesheet by hash; images from here or https; the form may post only here' },
};

const SubscribeForm: JsonSchema = {
  type: 'object',
  required: ['email', 'csrf_token'],
  properties: {
    email: { type: 'string', description: 'the address to subscribe (the rules of POST /v1/subscribers)' },
    csrf_token: { type: 'string', description: "the hidden field of the home page's form" },
  },
};

export const siteEndpoints: Endpoint[] = [
  {
    method: 'get', path: '/@{slug}', tag, auth: 'none', profile: 'reference',
    summary: "A publication's home as a reader sees it",
    description: 'Server-rendered HTML per the settings: postListType (feed, grid, full-post), pinned posts above the list and left out of it, the featured post, theme color and fonts, the most-popular widget, the subscribe form and, with enableSubscribePopup, the popup markup. `?subscribed=1` shows the thank-you notice.',
    responses: {
      200: html('the home page', { ...PAGE_HEADERS, 'Set-Cookie': { description: 'the CSRF nonce the subscribe form token is bound to (first visit)' } }),
      404: html('no such publication (a page)', PAGE_HEADERS),
    },
  },
  {
    method: 'get', path: '/@{slug}/{postSlug}', tag, auth: 'none', profile: 'reference',
    summary: 'A published post as a reader sees it (the "Read online" link of its newsletter)',
    description: 'staticHtml, cover image with its alt text, authors, date, categories, <link rel=canonical> (canonicalUrl, else this page) and, with enableTableOfContents, a table of contents. Drafts, scheduled and archived posts and publishOnline: false posts answer the 404 page.',
    responses: { 200: html('the post page', PAGE_HEADERS), 404: html('no such public post (a page)', PAGE_HEADERS) },
  },
  {
    method: 'post', path: '/@{slug}/subscribe', tag, auth: 'none', profile: 'reference',
    summary: "The home page's subscribe form",
    description: 'Adds the address as POST /v1/subscribers would, then a 303 to the home with `?subscribed=1`. The form\'s origin and CSRF token are checked as on the approval page.',
    bodySchema: SubscribeForm,
    bodyContentType: 'application/x-www-form-urlencoded',
    responses: {
      303: { description: 'subscribed', headers: { Location: { description: 'the home page with ?subscribed=1', schema: { type: 'string', format: 'uri-reference' } } } },
      400: html('the address is refused (the home page with the reason)', PAGE_HEADERS),
      403: html('the form came from elsewhere or its token is wrong (the home page with the reason)', PAGE_HEADERS),
      404: html('no such publication', PAGE_HEADERS),
      415: html('not sent as an HTML form', PAGE_HEADERS),
    },
  },
];
