/**
 * A post's document as the store keeps it: the tree (fixtures, restored
 * state, bodies converted on this thread) or, for a body converted in a
 * worker, the JSON text the worker sent. Parsing that text on the HTTP thread
 * cost a write about as much as the rest of its own work on the store, and
 * the tree is rarely needed afterwards: a read with content renders each
 * version once (posts/view.ts), and the JSON it serves is the text itself.
 *
 * Every stored document is in ProseMirror's toJSON form (the converters and
 * parseBodyJson produce it, and JSON text keeps its key order), so two
 * documents are the same exactly when their JSON texts are.
 */
import type { TiptapDoc } from './types.js';

export class DocumentText {
  constructor(readonly json: string) {}

  /** A fresh tree each time: the uses are few and keep what they derive (posts/view.ts). */
  tree(): TiptapDoc {
    return JSON.parse(this.json) as TiptapDoc;
  }

  /** The state file holds documents as trees, whichever form the store had. */
  toJSON(): TiptapDoc {
    return this.tree();
  }
}

export type StoredDocument = TiptapDoc | DocumentText;

export function documentTree(doc: StoredDocument): TiptapDoc {
  return doc instanceof DocumentText ? doc.tree() : doc;
}

export function documentJson(doc: StoredDocument): string {
  return doc instanceof DocumentText ? doc.json : JSON.stringify(doc);
}

export function sameDocument(a: StoredDocument, b: StoredDocument): boolean {
  return a === b || documentJson(a) === documentJson(b);
}
