/**
 * The public site's pages as a reader sees them: a publication's home and
 * one post. Every interpolation goes through the one escaper (`html` of
 * auth-sessions/html.ts); the post body is the document's staticHtml, which
 * the document renderer already escaped.
 */
import { Html, html } from '../auth-sessions/html.js';
import type { PostRecord } from '../posts/record.js';
import type { PublicationRecord } from '../publications/store.js';
import type { Author } from '../users/store.js';
import { siteStyle } from './style.js';

/** One post as the pages show it. */
export interface PostCard {
  post: PostRecord;
  url: string;
  coverUrl: string | undefined;
  authors: Author[];
  staticHtml: string;
}

export interface HomeModel {
  publication: PublicationRecord;
  homeUrl: string;
  pinned: PostCard[];
  featured: PostCard | null;
  feed: PostCard[];
  mostPopular: PostCard[];
  /** The hidden fields of the subscribe form (CSRF token). */
  subscribeFields: Html;
  subscribeAction: string;
  /** A notice after a subscribe attempt: ok or the error message. */
  notice: { ok: boolean; text: string } | null;
}

const date = (ms: number | null) => (ms === null ? null : html`<time datetime="${new Date(ms).toISOString()}">${new Date(ms).toISOString().slice(0, 10)}</time>`);

function page(publication: PublicationRecord, title: string, head: Html, body: Html, homeUrl: string): { body: string; style: string } {
  const style = siteStyle(publication);
  const text = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" href="data:,">
${head}
<style>${new Html(style)}</style>
</head>
<body>
<header class="site"><a class="name" href="${homeUrl}">${publication.name}</a></header>
<main>
${body}
</main>
<footer class="site muted">Served by the Publishing API reference server, a local mock.</footer>
</body>
</html>
`.value;
  return { body: text, style };
}

const byline = (card: PostCard) => html`<p class="muted byline">${card.authors.map((a, i) => html`${i ? ', ' : ''}<span class="author">${a.name}</span>`)}${card.authors.length ? ' · ' : ''}${date(card.post.publishedAt)}</p>`;

const categories = (post: PostRecord) =>
  post.categories.length ? html`<ul class="categories" aria-label="Categories">${post.categories.map((c) => html`<li>${c}</li>`)}</ul>` : null;

const cover = (card: PostCard) => (card.coverUrl ? html`<img class="cover" src="${card.coverUrl}" alt="${card.post.imageAlt ?? ''}">` : null);

/** The h2/h3 headings of a body, for the table of contents (the document renderer gives headings no ids: a list, not links). */
function tableOfContents(staticHtml: string): Html | null {
  const items = [...staticHtml.matchAll(/<h([23])[^>]*>(.*?)<\/h\1>/gs)].map(
    // The heading's inner markup is the renderer's escaped output: its tags are dropped, its entities kept.
    ([, level, inner]) => new Html(`<li class="level-${level}">${inner.replace(/<[^>]*>/g, '')}</li>`),
  );
  return items.length ? html`<nav class="toc" aria-label="Table of contents"><h2>Contents</h2><ol>${items}</ol></nav>` : null;
}

export function postPage(publication: PublicationRecord, card: PostCard, homeUrl: string): { body: string; style: string } {
  const { post } = card;
  const canonical = post.canonicalUrl ?? card.url;
  const head = html`<link rel="canonical" href="${canonical}">
<meta name="description" content="${post.postPreview}">
<meta property="og:title" content="${post.title}">${card.coverUrl ? html`\n<meta property="og:image" content="${card.coverUrl}">` : null}`;
  const body = html`<article>
<h1>${post.title}</h1>
${post.subtitle ? html`<p class="subtitle muted">${post.subtitle}</p>` : null}
${byline(card)}
${categories(post)}
${cover(card)}
${publication.enableTableOfContents ? tableOfContents(card.staticHtml) : null}
<div class="content">${new Html(card.staticHtml)}</div>
</article>`;
  return page(publication, `${post.title} | ${publication.name}`, head, body, homeUrl);
}

const listed = (card: PostCard, full: boolean) => html`<li>
${full ? null : cover(card)}
<h3><a href="${card.url}">${card.post.title}</a></h3>
${byline(card)}
${full ? html`<div class="content">${new Html(card.staticHtml)}</div>` : html`<p>${card.post.postPreview}</p>`}
</li>`;

export function homePage(model: HomeModel): { body: string; style: string } {
  const { publication } = model;
  const type = publication.postListType;
  const subscribe = (id: string) => html`<form class="subscribe" method="post" action="${model.subscribeAction}">
${model.subscribeFields}
<label for="${id}">Subscribe to ${publication.name}</label>
<input id="${id}" type="email" name="email" required autocomplete="email" placeholder="you@example.com">
<button type="submit">Subscribe</button>
</form>`;
  const body = html`<h1>${publication.name}</h1>
${publication.summary ? html`<p class="summary">${publication.summary}</p>` : null}
${model.notice ? html`<p class="notice ${model.notice.ok ? 'ok' : 'error'}" role="status">${model.notice.text}</p>` : null}
${subscribe('subscribe-email')}
${model.pinned.length ? html`<section class="pinned" aria-label="Pinned posts"><h2>Pinned</h2><ol class="posts">${model.pinned.map((c) => listed(c, false))}</ol></section>` : null}
${model.featured ? html`<section class="featured" aria-label="Featured post"><h2>Featured</h2><ol class="posts">${listed(model.featured, false)}</ol></section>` : null}
<section aria-label="Posts"><h2>Posts</h2>
${model.feed.length ? html`<ol class="posts ${type}">${model.feed.map((c) => listed(c, type === 'full-post'))}</ol>` : html`<p class="muted">No posts yet.</p>`}
</section>
${publication.showMostPopular && model.mostPopular.length ? html`<aside aria-label="Most popular"><h2>Most popular</h2><ol>${model.mostPopular.map((c) => html`<li><a href="${c.url}">${c.post.title}</a></li>`)}</ol></aside>` : null}
${publication.enableSubscribePopup ? html`<div class="subscribe-popup" role="dialog" aria-label="Subscribe" hidden>${subscribe('subscribe-popup-email')}</div>` : null}`;
  const head = html`<link rel="canonical" href="${model.homeUrl}">
<meta name="description" content="${publication.summary ?? ''}">`;
  return page(publication, publication.name, head, body, model.homeUrl);
}

/** The 404 page of the site: a reader's page, not the API's JSON. */
export function notFoundPage(message: string): string {
  return html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Not found</title><link rel="icon" href="data:,"></head>
<body><main><h1>Not found</h1><p>${message}</p></main></body>
</html>
`.value;
}
