/**
 * Content pieces: records, the rules of SPEC.md's Content sections and the
 * web app's send actions. Pure state and rules; routes.ts does the HTTP.
 */
import { conflict, notFound } from '../errors.js';
import type { Events } from '../events.js';
import type { Random } from '../random.js';
import type { ContentStatusFilter } from '../../../schemas/content.js';
import { deliveryUrl } from './delivery-url.js';
import { readInWorkers } from './excerpt.js';
import './events.js';
import { assertBodyEditable, changesNothing, resultingStatus, transitionFor, type ContentAction } from './transitions.js';
import { CONTENT_ORDER, STATUS_FILTERS } from './list-filter.js';
import { sortByOrder } from '../pagination.js';
import { isDelivered, type ContentKind, type ContentRecord } from './record.js';
import type { CreateRequest, PatchRequest } from './request.js';

/** What the content store needs of the bucket store, without importing it. */
export interface BucketMembership {
  /** Throws 404 unless the group exists and belongs to the publication. */
  requireOwn(publicationId: string, bucketId: string): unknown;
  addMember(bucketId: string, contentId: string, at: number): void;
}

/** Scheduling of timed sends on the clock. */
export interface SendScheduler {
  schedule(at: number, key: string, run: () => void): void;
  cancel(key: string): void;
}

export interface ContentStoreDeps {
  random: Random;
  now: () => number;
  events: Events;
  scheduler: SendScheduler;
}

const sendTaskKey = (id: string) => `content-send:${id}`;

export class ContentStore {
  private byId = new Map<string, ContentRecord>();
  private reading: Promise<void> | null = null;
  private buckets: BucketMembership = {
    requireOwn: (_p, id) => {
      throw notFound(`content group ${id} not found`);
    },
    addMember: () => {},
  };

  constructor(private readonly deps: ContentStoreDeps) {}

  /** Wired after the bucket store exists (the two refer to each other). */
  useBuckets(buckets: BucketMembership): void {
    this.buckets = buckets;
  }

  /**
   * A record as it is (fixtures, a restore); a send with a time goes on the
   * clock, queued or already started by hand: either is delivered at its time,
   * as it would have been without the save (scheduleSend).
   */
  add(record: ContentRecord): void {
    this.byId.set(record.id, record);
    if (record.send !== null && record.send.at !== null) this.scheduleSend(record, record.send.at);
  }

  get(id: string): ContentRecord | undefined {
    return this.byId.get(id);
  }

  /** persistence/: live records, serialise at once. */
  snapshot(): ContentRecord[] {
    return this.all();
  }

  /**
   * Into an empty store; a send with a time goes back on the clock
   * (derived from the record, never saved). The markdown bodies are read in
   * the conversion workers (excerpt.ts readInWorkers); reads wait for that
   * (bodiesRead).
   */
  restoreSnapshot(records: ContentRecord[]): void {
    for (const record of records) this.add(record);
    const reading = readInWorkers(records);
    this.reading = reading;
    void reading.then(() => {
      if (this.reading === reading) this.reading = null;
    });
  }

  /** While restored bodies are being read in the workers: the promise of that; else null (nothing to wait for). */
  bodiesRead(): Promise<void> | null {
    return this.reading;
  }

  all(): ContentRecord[] {
    return [...this.byId.values()];
  }

  /** The piece, if it is the publication's; another publication's piece is not found either. */
  requireOwn(publicationId: string, id: string): ContentRecord {
    const piece = this.byId.get(id);
    if (!piece || piece.publicationId !== publicationId) throw notFound(`content piece ${id} not found`);
    return piece;
  }

  require(id: string): ContentRecord {
    const piece = this.byId.get(id);
    if (!piece) throw notFound(`content piece ${id} not found`);
    return piece;
  }

  create(publicationId: string, req: CreateRequest): ContentRecord {
    if (req.bucketId !== null) this.buckets.requireOwn(publicationId, req.bucketId);
    const now = this.deps.now();
    const piece: ContentRecord = {
      id: this.deps.random.uuid(),
      publicationId,
      kind: req.kind,
      title: req.title,
      body: req.body,
      media: [],
      status: 'draft',
      send: null,
      publishedAt: null,
      url: null,
      archivedAt: null,
      bucketId: req.bucketId,
      createdAt: now,
      updatedAt: now,
    };
    this.byId.set(piece.id, piece);
    if (req.bucketId !== null) this.buckets.addMember(req.bucketId, piece.id, now);
    return piece;
  }

  /** Rename and/or replace the body and/or group. Every check passes before anything changes. */
  patch(publicationId: string, id: string, req: PatchRequest): ContentRecord {
    const piece = this.requireOwn(publicationId, id);
    if (req.body !== undefined) assertBodyEditable(piece);
    const joins = req.bucketId !== undefined && req.bucketId !== piece.bucketId;
    if (req.bucketId !== undefined) {
      this.buckets.requireOwn(publicationId, req.bucketId);
      if (joins && piece.bucketId !== null)
        throw conflict(
          `this piece is already in another content group (${piece.bucketId}); it was not moved`,
        );
    }
    const renames = req.title !== undefined && req.title !== piece.title;
    const rewrites = req.body !== undefined && JSON.stringify(req.body) !== JSON.stringify(piece.body);
    if (!renames && !rewrites && !joins) return piece;
    const now = this.deps.now();
    if (renames) piece.title = req.title!;
    // The whole artifact is replaced; media the web app attached stays on the piece.
    if (rewrites) piece.body = req.body!;
    if (joins) {
      piece.bucketId = req.bucketId!;
      this.buckets.addMember(req.bucketId!, piece.id, now);
    }
    piece.updatedAt = now;
    return piece;
  }

  archive(publicationId: string, id: string): ContentRecord {
    return this.apply('archive', this.requireOwn(publicationId, id));
  }

  restore(publicationId: string, id: string): ContentRecord {
    return this.apply('restore', this.requireOwn(publicationId, id));
  }

  /** The publication's pieces in one list view, in list order. */
  list(publicationId: string, filter: { status: ContentStatusFilter; kind?: ContentKind }): ContentRecord[] {
    const keep = STATUS_FILTERS[filter.status];
    const pieces = this.all().filter(
      (p) => p.publicationId === publicationId && keep(p) && (filter.kind === undefined || p.kind === filter.kind),
    );
    return sortByOrder(pieces, CONTENT_ORDER);
  }

  // ---- the web app's side (reached through /_control) ----

  /** Queue a send; with `at`, it starts and delivers by itself when the clock gets there. */
  queueSend(id: string, at: number | null): ContentRecord {
    const piece = this.apply('queue-send', this.require(id), at);
    if (at !== null) this.scheduleSend(piece, at);
    return piece;
  }

  startSend(id: string): ContentRecord {
    return this.apply('start-send', this.require(id));
  }

  deliver(id: string): ContentRecord {
    return this.apply('deliver', this.require(id));
  }

  failSend(id: string): ContentRecord {
    return this.apply('fail-send', this.require(id));
  }

  cancelSend(id: string): ContentRecord {
    return this.apply('cancel-send', this.require(id));
  }

  /** Media attached in the web app (the API never accepts media). */
  attachMedia(id: string, media: ContentRecord['media'][number]): ContentRecord {
    const piece = this.require(id);
    piece.media.push(media);
    piece.updatedAt = this.deps.now();
    return piece;
  }

  private apply(action: ContentAction, piece: ContentRecord, sendAt: number | null = null): ContentRecord {
    const row = transitionFor(action, piece);
    if (changesNothing(row)) return piece;
    const now = this.deps.now();
    const wasArchived = piece.status === 'archived';
    piece.status = resultingStatus(row, piece);
    if (row.sendTo !== 'same') {
      piece.send = row.sendTo === null ? null : { state: row.sendTo, at: row.sendTo === 'queued' ? sendAt : piece.send?.at ?? null };
      if (row.sendTo === null) this.deps.scheduler.cancel(sendTaskKey(piece.id));
    }
    if (action === 'deliver' && !isDelivered(piece)) {
      // publishedAt and url come from the same (first) delivery.
      piece.publishedAt = now;
      piece.url = deliveryUrl(piece.kind, this.deps.random);
    }
    if (piece.status === 'archived' && !wasArchived) piece.archivedAt = now;
    if (wasArchived && piece.status !== 'archived') piece.archivedAt = null;
    piece.updatedAt = now;
    if (action === 'archive')
      this.deps.events.emit('content.archived', { publicationId: piece.publicationId, contentId: piece.id, at: now });
    return piece;
  }

  private scheduleSend(piece: ContentRecord, at: number): void {
    this.deps.scheduler.schedule(at, sendTaskKey(piece.id), () => {
      if (piece.send?.state === 'queued') this.startSend(piece.id);
      if (piece.send?.state === 'in_progress') this.deliver(piece.id);
    });
  }
}
