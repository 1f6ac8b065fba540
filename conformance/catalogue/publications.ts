/** Publications: the resource, its endpoints, and the extended lookups beyond SPEC.md. */
import { defineRules } from './types.js';

export const publicationRules = defineRules([
  {
    section: 'Resources › Publication',
    rules: [
      ['publications.shape.required-fields', 'A Publication has id, name, ownerUserId and slug, all strings.'],
      ['publications.shape.slug-length', 'A publication slug is 1..256 characters.'],
      ['publications.shape.summary-max-500', 'A publication summary is at most 500 characters.'],
      [
        'publications.shape.enums',
        'postListType (feed, grid, full-post), themeColor (the listed palette), headerFont and bodyFont (default, serif, mono) take only their listed values.',
      ],
      [
        'publications.shape.field-types',
        'customDomain and logoUrl are URIs; showMostPopular, hideStats, enableTableOfContents, enableSubscribePopup and enableSubscribeScroll are booleans; pinnedPostIds is an array of strings.',
      ],
      [
        'publications.shape.featured-post',
        'featuredPost is latest, popular, disabled, or the id of a post of this publication.',
      ],
      ['publications.shape.email-notifications', 'emailNotifications contains newSubscriber, a boolean.'],
      [
        'publications.shape.pinned-hidden-from-feed',
        'Pinned posts render in their own section above the regular feed and are hidden from the regular feed.',
      ],
    ],
  },
  {
    section: 'Endpoints › Publications',
    rules: [
      ['publications.get.by-id', 'GET /v1/publications/{publicationId} answers 200 with the Publication.'],
      ['publications.get.no-auth', 'Reading a publication by id needs no API key.'],
      ['publications.get.unknown-404', 'An unknown publication id answers 404.'],
      ['publications.slug.get', 'GET /v1/publications/slug/{slug} answers 200 with the Publication of that slug.'],
      ['publications.slug.leading-at', 'A leading @ on the slug is optional: @slug and slug give the same publication.'],
      ['publications.slug.unknown-404', 'An unknown publication slug answers 404.'],
      ['publications.patch.response', 'PATCH /v1/publications/{publicationId} answers 200 with the updated Publication.'],
      ['publications.patch.only-provided-change', 'PATCH changes only the fields it provides.'],
      ['publications.patch.unknown-property-400', 'PATCH rejects unknown properties with 400.'],
      ['publications.patch.name-length', 'PATCH name must be 1..100 characters.'],
      ['publications.patch.summary-max-500', 'PATCH summary over 500 characters is rejected.'],
      ['publications.patch.enum-values', 'PATCH postListType, themeColor, headerFont and bodyFont outside their enums are rejected.'],
      [
        'publications.patch.boolean-values',
        'PATCH showMostPopular, hideStats, enableTableOfContents, enableSubscribePopup and enableSubscribeScroll take booleans only.',
      ],
      ['publications.patch.featured-post-min-1', 'PATCH featuredPost must be at least one character.'],
      [
        'publications.patch.featured-post-own',
        'PATCH featuredPost naming a post must name a post of this publication; a post outside it is refused.',
      ],
      ['publications.patch.pinned-max-50', 'PATCH pinnedPostIds holds at most 50 ids.'],
      ['publications.patch.pinned-id-length', 'PATCH pinnedPostIds entries are 1..64 characters each.'],
      ['publications.patch.pinned-own', 'PATCH pinnedPostIds entries must be posts of this publication; others are refused.'],
      ['publications.patch.pinned-replaces', 'PATCH pinnedPostIds replaces the whole pinned list, in the order given.'],
      ['publications.patch.pinned-unpinned-return', 'Posts removed from pinnedPostIds return to the regular feed.'],
      [
        'publications.patch.email-notifications-merge',
        'PATCH emailNotifications is merged onto the current settings; only the toggles sent change.',
      ],
      ['publications.patch.own-publication-only', "PATCH's path id must be the publication that owns the API key."],
      ['publications.patch.disable-highlights-400', 'PATCH with the legacy setting disableHighlights is rejected with 400.'],
      ['publications.posts.list', 'GET /v1/publications/{publicationId}/posts answers a page of Posts.'],
      ['publications.posts.published-only', "A publication's post list holds published posts only."],
      ['publications.posts.no-auth', "A publication's post list needs no API key."],
      [
        'publications.posts.include-content',
        'includeContent (default false) adds markdown, json and staticHtml to the listed posts; without it they are absent.',
      ],
      [
        'publications.post-by-slug.get',
        'GET /v1/publications/{publicationId}/posts/slug/{postSlug} answers 200 with the Post; it takes includeContent.',
      ],
      ['publications.post-by-slug.unknown-404', 'An unknown post slug answers 404.'],
      [
        'publications.post-by-slugs.get',
        'GET /v1/publications/slug/{publicationSlug}/posts/slug/{postSlug} (query includeContent) answers the post.',
        { source: 'SILENT.md public' },
      ],
    ],
  },
  {
    section: 'SILENT.md › Status codes not shown',
    source: 'SILENT.md ours',
    rules: [
      ['publications.patch.outside-ids-400', 'PATCH featuredPost or pinnedPostIds naming a post outside the publication answers 400.'],
      [
        'publications.post-by-slug.published-only',
        "The public reads of a post by slug answer 404 for a post that is not published (a draft's slug reveals nothing).",
      ],
    ],
  },
  {
    // The reference's choices of docs/spec-gaps.md (SILENT.md leaves them ours).
    section: 'Endpoints › Publications',
    source: 'SILENT.md ours',
    rules: [
      ['publications.patch.pinned-no-repeats', 'PATCH pinnedPostIds naming one post twice answers 400 and changes nothing.'],
      ['publications.deleted-post.leaves-settings', 'A deleted post leaves pinnedPostIds, and a featuredPost naming it goes back to latest.'],
      ['publications.slug.case-insensitive', 'A publication slug is looked up ignoring letter case.'],
      [
        'publications.domain.forms',
        'GET /v1/publications/domain/{domain} matches the custom domain ignoring letter case, a leading http:// or https:// and trailing slashes.',
      ],
    ],
  },
  {
    section: 'SILENT.md › Endpoints beyond SPEC.md',
    source: 'SILENT.md public',
    profile: 'extended',
    rules: [
      ['publications.me.get', "GET /v1/me answers the key's publication, with plan one of free, starter, growth, scale."],
      ['publications.domain.get', 'GET /v1/publications/domain/{domain} answers the publication with that custom domain.'],
      ['authors.get.by-id', 'GET /v1/users/{userId} answers an Author.'],
    ],
  },
  {
    section: 'Production OpenAPI › Users',
    source: 'production OpenAPI',
    profile: 'extended',
    rules: [['authors.get.by-wallet', 'GET /v1/users/wallet/{walletAddress} answers the Author with that wallet address, without a key; an unknown address is 404.']],
  },
  {
    section: 'Production OpenAPI › Users',
    source: 'SILENT.md ours',
    rules: [
      ['authors.get.by-wallet-any-case', 'GET /v1/users/wallet/{walletAddress} matches the address ignoring letter case (checksummed and lower-case forms are one account).'],
      ['authors.get.by-wallet-malformed-400', 'GET /v1/users/wallet/{walletAddress} answers 400 when the address is not 0x and 40 hexadecimal digits.'],
    ],
  },
]);
