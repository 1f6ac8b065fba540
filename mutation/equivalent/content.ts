/** Equivalent mutants of reference/src/content/ (mutation/equivalent.ts says how they are named). */
import type { EquivalentMutant } from './types.js';

/** Which of a refusal's messages (transitions.ts refusal) answers: every refused step is still a 400 with the error body and a message, and changes nothing (content.send.refused-400 checks each). */
const REFUSAL_WORDING =
  'the step is still refused with 400, the error body and a message, and nothing changes; only which of the refusal messages answers differs (msg wording is free; the two the register quotes, "restore it first" and "once the send has finished", are checked)';

const NO_ARCHIVED_SEND =
  'no request gives an archived piece a send: archiving is refused while a send is queued or running, and queueing is refused for an archived piece; fail-send and cancel-send never meet an archived piece';

const RESTORE_NEVER_REFUSED =
  "unreachable: refusal's default case is only for restore, and restore has a row for every status and send a piece can have (archived with no send, live with any send)";

export const content: readonly EquivalentMutant[] = [
  {
    file: 'reference/src/content/transitions.ts', code: "return row.to === 'same' && row.sendTo === 'same';", original: "row.to === 'same'", mutator: 'ConditionalExpression', replacement: 'true',
    why: "the only rows that keep the send (sendTo 'same') are the two that keep the status too (archive again, restore of a live piece): the status check decides no row; it says what a no-op is",
  },
  { file: "reference/src/content/transitions.ts", code: "const ANY: readonly ContentStatus[] = ['draft', 'published', 'archived'];", original: "'archived'", mutator: "StringLiteral", replacement: "\"\"", why: NO_ARCHIVED_SEND },
  { file: "reference/src/content/transitions.ts", code: "if (piece.status === 'archived') return 'an archived piece cannot be sent: restore it first';", original: "piece.status === 'archived'", mutator: "ConditionalExpression", replacement: "true", why: REFUSAL_WORDING },
  { file: "reference/src/content/transitions.ts", code: "return send === 'queued' ? 'a send is already queued for this piece' : 'a send of this piece is already running';", original: "send === 'queued'", mutator: "ConditionalExpression", replacement: "true", why: REFUSAL_WORDING },
  { file: "reference/src/content/transitions.ts", code: "return send === 'queued' ? 'a send is already queued for this piece' : 'a send of this piece is already running';", original: "send === 'queued'", mutator: "ConditionalExpression", replacement: "false", why: REFUSAL_WORDING },
  { file: "reference/src/content/transitions.ts", code: "return send === 'queued' ? 'a send is already queued for this piece' : 'a send of this piece is already running';", original: "send === 'queued'", mutator: "EqualityOperator", replacement: "send !== 'queued'", why: REFUSAL_WORDING },
  { file: "reference/src/content/transitions.ts", code: "return send === 'queued' ? 'a send is already queued for this piece' : 'a send of this piece is already running';", original: "'queued'", mutator: "StringLiteral", replacement: "\"\"", why: REFUSAL_WORDING },
  { file: "reference/src/content/transitions.ts", code: "case 'start-send':", original: "case 'start-send': \u2026 return send === 'in_progress' ? 'the send of this piece is already running' : 'no send is queued for this piece'; #99f8deac", mutator: "ConditionalExpression", replacement: "case 'start-send':", why: REFUSAL_WORDING },
  { file: "reference/src/content/transitions.ts", code: "case 'start-send':", original: "'start-send'", mutator: "StringLiteral", replacement: "\"\"", why: REFUSAL_WORDING },
  { file: "reference/src/content/transitions.ts", code: "return send === 'in_progress' ? 'the send of this piece is already running' : 'no send is queued for this piece';", original: "send === 'in_progress'", mutator: "ConditionalExpression", replacement: "true", why: REFUSAL_WORDING },
  { file: "reference/src/content/transitions.ts", code: "return send === 'in_progress' ? 'the send of this piece is already running' : 'no send is queued for this piece';", original: "send === 'in_progress'", mutator: "ConditionalExpression", replacement: "false", why: REFUSAL_WORDING },
  { file: "reference/src/content/transitions.ts", code: "return send === 'in_progress' ? 'the send of this piece is already running' : 'no send is queued for this piece';", original: "send === 'in_progress'", mutator: "EqualityOperator", replacement: "send !== 'in_progress'", why: REFUSAL_WORDING },
  { file: "reference/src/content/transitions.ts", code: "return send === 'in_progress' ? 'the send of this piece is already running' : 'no send is queued for this piece';", original: "'in_progress'", mutator: "StringLiteral", replacement: "\"\"", why: REFUSAL_WORDING },
  { file: "reference/src/content/transitions.ts", code: "case 'deliver':", original: "'deliver'", mutator: "StringLiteral", replacement: "\"\"", why: REFUSAL_WORDING },
  { file: "reference/src/content/transitions.ts", code: "case 'fail-send':", original: "case 'fail-send': \u2026 return 'no send is queued or running for this piece'; #663f42e2", mutator: "ConditionalExpression", replacement: "case 'fail-send':", why: REFUSAL_WORDING },
  { file: "reference/src/content/transitions.ts", code: "case 'fail-send':", original: "'fail-send'", mutator: "StringLiteral", replacement: "\"\"", why: REFUSAL_WORDING },
  { file: "reference/src/content/transitions.ts", code: "return send === 'in_progress'", original: "send === 'in_progress'", mutator: "ConditionalExpression", replacement: "true", why: REFUSAL_WORDING },
  { file: "reference/src/content/transitions.ts", code: "return send === 'in_progress'", original: "send === 'in_progress'", mutator: "ConditionalExpression", replacement: "false", why: REFUSAL_WORDING },
  { file: "reference/src/content/transitions.ts", code: "return send === 'in_progress'", original: "send === 'in_progress'", mutator: "EqualityOperator", replacement: "send !== 'in_progress'", why: REFUSAL_WORDING },
  { file: "reference/src/content/transitions.ts", code: "return send === 'in_progress'", original: "'in_progress'", mutator: "StringLiteral", replacement: "\"\"", why: REFUSAL_WORDING },
  { file: "reference/src/content/transitions.ts", code: "default:", original: "default: \u2026 return `${action} does not apply to a ${piece.status} piece`; #133159dd", mutator: "ConditionalExpression", replacement: "default:", why: RESTORE_NEVER_REFUSED },
  { file: "reference/src/content/transitions.ts", code: "return `${action} does not apply to a ${piece.status} piece`;", original: "`${action} does not apply to a ${piece.status} piece`", mutator: "StringLiteral", replacement: "``", why: RESTORE_NEVER_REFUSED },
];
