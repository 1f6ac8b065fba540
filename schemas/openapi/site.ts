import { NO_STORE, html, type Endpoint, type JsonSchema } from './endpoint.js';

const tag = 'Public site';
const PAGE_HEADERS = {
  ...NO_STORE,
  'Referrer-Policy': { description: 'same-origin' },
  'Content-Security-Policy': { description: 'no script; the page stylesheet by hash; images from here, the base URL or https; the form may post only here' },
};

/** A page with the subscribe form: its first visit sets the cookie the form's token is bound to. */
const FORM_PAGE_HEADERS = { ...PAGE_HEADERS, 'Set-Cookie': { description: 'the CSRF nonce the subscribe form token is bound to (first visit)' } };

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
    method: 'get', path: '/', tag, auth: 'none', profile: 'reference',
    summary: "Under a publication's custom domain, its home",
    description: "With a Host that is a publication's customDomain, that publication's home (as GET /@{slug}, its links staying on that name); under that name only the public site answers, anything else is 421. Under the server's own names, 404 with the error body, like any unknown path.",
    responses: {
      200: html('the home page of the custom domain\'s publication', FORM_PAGE_HEADERS),
    },
    errors: { 404: 'not under a custom domain: no route' },
  },
  {
    method: 'get', path: '/@{slug}', tag, auth: 'none', profile: 'reference',
    summary: "A publication's home as a reader sees it",
    description: 'Server-rendered HTML per the settings: postListType (feed, grid, full-post), pinned posts above the list and left out of it, the featured post, theme color and fonts, the most-popular widget, the subscribe form and, with enableSubscribePopup, the popup markup (hidden). `?subscribed=1` shows the thank-you notice.',
    responses: {
      200: html('the home page', FORM_PAGE_HEADERS),
      404: html('no such publication (a page)', PAGE_HEADERS),
    },
  },
  {
    method: 'get', path: '/@{slug}/{postSlug}', tag, auth: 'none', profile: 'reference',
    summary: 'A published post as a reader sees it (the "Read online" link of its newsletter)',
    description: 'staticHtml, cover image with its alt text, authors, date, categories, <link rel=canonical> (canonicalUrl, else this page), with enableTableOfContents, a table of contents, the subscribe form and the popups\' markup (hidden) that enableSubscribePopup and enableSubscribeScroll ask for. Drafts, scheduled and archived posts and publishOnline: false posts answer the 404 page.',
    responses: { 200: html('the post page', FORM_PAGE_HEADERS), 404: html('no such public post (a page)', PAGE_HEADERS) },
  },
  {
    method: 'post', path: '/@{slug}/subscribe', tag, auth: 'none', profile: 'reference',
    summary: 'The subscribe form of the home and post pages',
    description: 'Adds the address as POST /v1/subscribers would (the subscriber\'s source is site), then a 303 to the home (/ under the custom domain) with `?subscribed=1`. The form\'s origin and CSRF token are checked as on the approval page.',
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
