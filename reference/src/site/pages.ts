/**
 * The public site's pages as a reader sees them: a publication's home and
 * one post, in the frame of layout.ts. Every interpolation goes through the
 * one escaper (`html`); the post body is the document's staticHtml, which the
 * document renderer already escaped.
 */
import { Html, html } from '../html.js';
import type { PostRecord } from '../posts/record.js';
import type { PublicationRecord } from '../publications/store.js';
import type { Author } from '../users/store.js';
import { sitePage, type SitePage } from './layout.js';

/** One post as the pages show it. */
export interface PostCard {
  post: PostRecord;
  /** Its link on this page (root-relative under a custom domain). */
  href: string;
  /** Its one canonical address, on the reference's base URL unless the post names another. */
  canonicalUrl: string;
  coverUrl: string | undefined;
  authors: Author[];
  staticHtml: string;
}

/** Where a page's links go: the home as linked from the page and its canonical address. */
export interface SiteLinks {
  homeHref: string;
  homeCanonicalUrl: string;
}

/** The subscribe form of a publication's pages. */
export interface SubscribeForm {
  /** The hidden fields (CSRF token). */
  fields: Html;
  action: string;
}

export interface HomeModel {
  publication: PublicationRecord;
  links: SiteLinks;
  pinned: PostCard[];
  featured: PostCard | null;
  feed: PostCard[];
  mostPopular: PostCard[];
  subscribe: SubscribeForm;
  /** A notice after a subscribe attempt: ok or the error message. */
  notice: { ok: boolean; text: string } | null;
}

const date = (ms: number | null) => (ms === null ? null : html`<time datetime="${new Date(ms).toISOString()}">${new Date(ms).toISOString().slice(0, 10)}</time>`);

const byline = (card: PostCard) => html`<p class="muted byline">${card.authors.map((a, i) => html`${i ? ', ' : ''}<span class="author">${a.name}</span>`)}${card.authors.length ? ' · ' : ''}${date(card.post.publishedAt)}</p>`;

const categories = (post: PostRecord) =>
  post.categories.length ? html`<ul class="categories" aria-label="Categories">${post.categories.map((c) => html`<li>${c}</li>`)}</ul>` : null;

const cover = (card: PostCard) => (card.coverUrl ? html`<img class="cover" src="${card.coverUrl}" alt="${card.post.imageAlt ?? ''}">` : null);

interface Section {
  id: string;
  level: string;
  /** The heading's inner markup: the renderer's escaped output, its tags dropped, its entities kept. */
  text: string;
}

/** The body with ids on its h2/h3 headings (section-1, section-2, ...), and those headings, for the table of contents. */
function sectioned(staticHtml: string): { html: string; sections: Section[] } {
  const sections: Section[] = [];
  const html = staticHtml.replace(/<h([23])>(.*?)<\/h\1>/gs, (_, level: string, inner: string) => {
    const id = `section-${sections.length + 1}`;
    sections.push({ id, level, text: inner.replace(/<[^>]*>/g, '') });
    return `<h${level} id="${id}">${inner}</h${level}>`;
  });
  return { html, sections };
}

function tableOfContents(sections: Section[]): Html | null {
  const items = sections.map(({ id, level, text }) => new Html(`<li class="level-${level}"><a href="#${id}">${text}</a></li>`));
  return items.length ? html`<nav class="toc" aria-label="Table of contents"><h2>Contents</h2><ol>${items}</ol></nav>` : null;
}

function subscribeForm(publication: PublicationRecord, form: SubscribeForm, id: string): Html {
  return html`<form class="subscribe" method="post" action="${form.action}">
${form.fields}
<label for="${id}">Subscribe to ${publication.name}</label>
<input id="${id}" type="email" name="email" required autocomplete="email" placeholder="you@example.com">
<button type="submit">Subscribe</button>
</form>`;
}

/**
 * The subscribe popups as the settings ask for them, hidden: the markup a
 * script of the real site opens (for a first visit from an external link;
 * when a first-time reader scrolls a post). The reference runs no script.
 */
function popups(publication: PublicationRecord, form: SubscribeForm, onPost: boolean): Html {
  const popup = (trigger: string) =>
    html`<div class="subscribe-popup" role="dialog" aria-modal="true" aria-label="Subscribe to ${publication.name}" data-trigger="${trigger}" hidden>${subscribeForm(publication, form, `subscribe-${trigger}-email`)}</div>`;
  return html`${publication.enableSubscribePopup ? popup('external-link') : null}${onPost && publication.enableSubscribeScroll ? popup('scroll') : null}`;
}

export function postPage(publication: PublicationRecord, card: PostCard, links: SiteLinks, subscribe: SubscribeForm): SitePage {
  const { post } = card;
  const head = html`<link rel="canonical" href="${card.canonicalUrl}">
<meta name="description" content="${post.postPreview}">
<meta property="og:title" content="${post.title}">${card.coverUrl ? html`\n<meta property="og:image" content="${card.coverUrl}">` : null}`;
  const content = sectioned(card.staticHtml);
  const body = html`<article>
<h1>${post.title}</h1>
${post.subtitle ? html`<p class="subtitle muted">${post.subtitle}</p>` : null}
${byline(card)}
${categories(post)}
${cover(card)}
${publication.enableTableOfContents ? tableOfContents(content.sections) : null}
<div class="content">${new Html(content.html)}</div>
</article>
${subscribeForm(publication, subscribe, 'subscribe-email')}
${popups(publication, subscribe, true)}`;
  return sitePage({ publication, homeHref: links.homeHref, title: `${post.title} | ${publication.name}`, head, body });
}

const listed = (card: PostCard, full: boolean) => html`<li>
${full ? null : cover(card)}
<h3><a href="${card.href}">${card.post.title}</a></h3>
${byline(card)}
${full ? html`<div class="content">${new Html(card.staticHtml)}</div>` : html`<p>${card.post.postPreview}</p>`}
</li>`;

export function homePage(model: HomeModel): SitePage {
  const { publication } = model;
  const type = publication.postListType;
  const body = html`<h1>${publication.name}</h1>
${publication.summary ? html`<p class="summary">${publication.summary}</p>` : null}
${model.notice ? html`<p class="notice ${model.notice.ok ? 'ok' : 'error'}" role="status">${model.notice.text}</p>` : null}
${subscribeForm(publication, model.subscribe, 'subscribe-email')}
${model.pinned.length ? html`<section class="pinned" aria-label="Pinned posts"><h2>Pinned</h2><ol class="posts">${model.pinned.map((c) => listed(c, false))}</ol></section>` : null}
${model.featured ? html`<section class="featured" aria-label="Featured post"><h2>Featured</h2><ol class="posts">${listed(model.featured, false)}</ol></section>` : null}
<section aria-label="Posts"><h2>Posts</h2>
${model.feed.length ? html`<ol class="posts ${type}">${model.feed.map((c) => listed(c, type === 'full-post'))}</ol>` : html`<p class="muted">No posts yet.</p>`}
</section>
${publication.showMostPopular && model.mostPopular.length ? html`<aside aria-label="Most popular"><h2>Most popular</h2><ol>${model.mostPopular.map((c) => html`<li><a href="${c.href}">${c.post.title}</a></li>`)}</ol></aside>` : null}
${popups(publication, model.subscribe, false)}`;
  const head = html`<link rel="canonical" href="${model.links.homeCanonicalUrl}">
<meta name="description" content="${publication.summary ?? ''}">`;
  return sitePage({ publication, homeHref: model.links.homeHref, title: publication.name, head, body });
}

/** The 404 page of the site: a reader's page, not the API's JSON. */
export function notFoundPage(message: string): SitePage {
  return sitePage({ publication: null, title: 'Not found', body: html`<h1>Not found</h1>\n<p>${message}</p>` });
}
