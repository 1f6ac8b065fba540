import { Me, Publication, PublicationPatch } from '../publications.js';
import { json, type Endpoint } from './endpoint.js';

export const publicationEndpoints: Endpoint[] = [
  {
    method: 'get', path: '/v1/publications/{publicationId}', tag: 'Publications', auth: 'none',
    summary: 'Get a publication by id', responses: { 200: json('the publication', Publication) }, errors: [404],
  },
  {
    method: 'get', path: '/v1/publications/slug/{slug}', tag: 'Publications', auth: 'none',
    summary: 'Get a publication by slug (a leading @ is optional)', responses: { 200: json('the publication', Publication) }, errors: [404],
  },
  {
    method: 'patch', path: '/v1/publications/{publicationId}', tag: 'Publications', auth: 'required',
    summary: "Update the key's publication settings",
    description:
      "Strict body: unknown properties and the removed disableHighlights are 400. Only provided fields change; emailNotifications is merged onto the current toggles. pinnedPostIds (at most 50) replaces the whole pinned list and featuredPost (latest, popular, disabled or a post id) must name posts of this publication. The path id must be the key's publication.",
    body: PublicationPatch, responses: { 200: json('the updated publication', Publication) },
    errors: {
      400: 'a field breaks its rule, an unknown or removed property, or a pinned or featured post outside the publication',
      403: "the path id is not the key's publication",
      404: 'no such publication',
    },
  },
  {
    method: 'get', path: '/v1/publications/domain/{domain}', tag: 'Publications', auth: 'none', profile: 'extended',
    summary: 'Get a publication by custom domain', responses: { 200: json('the publication', Publication) }, errors: [404],
  },
  {
    method: 'get', path: '/v1/me', tag: 'Publications', auth: 'required', profile: 'extended',
    summary: "The key's publication, with its plan", responses: { 200: json('the publication', Me) },
  },
];
