import { describe, expect, it } from 'vitest';
import { postSiteUrl, publicationSiteUrl } from './site-url.js';

describe('the public site URLs', () => {
  it('put a publication under @ its slug, and a post under its publication', () => {
    expect(publicationSiteUrl('news')).toBe('https://paragraph.example.com/@news');
    expect(postSiteUrl('news', 'hello-world')).toBe('https://paragraph.example.com/@news/hello-world');
  });
});
