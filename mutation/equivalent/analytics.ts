/** Equivalent mutants of reference/src/analytics/ (mutation/equivalent.ts says how they are named). */
import type { EquivalentMutant } from './types.js';

const GUARD = 'reference/src/analytics/engine/guard/sql-guard.ts';
const ARRAY_BY_ENTRIES =
  "an array then goes the general way: it has no relname, funcname or names of its own, and its entries' keys are indices (never SQLValueFunction, SelectStmt or a name ending in Stmt), so each item is walked exactly as the loop over the array walks it";
const ARMS = "if ((key === 'larg' || key === 'rarg') && value && typeof value === 'object') this.select(value as Node, inner);";
const ARMS_ARE_OBJECTS =
  'the parser writes larg and rarg only for the two arms of a set operation, always SelectStmt bodies: a value under those keys is always an object';
const TYPE_NAME = "if (Array.isArray(node.names) && 'typemod' in node) this.typeName(node);";
const ONLY_TYPE_NAME =
  "of the parser's nodes (@pgsql/types) only TypeName has a names or a typemod field, and the parser writes both for every type name (typemod -1 when none): either test alone finds the same nodes";
const ONLY_SVF_HAS_A_TIME_OP =
  "keyword() then looks at every child: clockKeyword finds a form only in a node whose op is one of the SVFOP_ time values (CURRENT_DATE, ...), which no node but a SQLValueFunction has (a SelectStmt's op is a SETOP_ value), so it finds the same forms";
const STMT = "else if (key.endsWith('Stmt')) {";
const NO_STMT_INSIDE =
  "walk() never meets a statement: the grammar puts one inside a SELECT only as a WITH item's query, which withClause() checks itself (it walks the item's other fields, and select() skips withClause), and a SELECT's own are handed to select() first; the branch only guards against a parser that one day nests one elsewhere";
const ONE_STATEMENT = "if (stmts.length > 1) throw badRequest('only one statement is allowed');";
const NO_SECOND_STATEMENT =
  'only a semicolon separates statements in PostgreSQL\'s grammar, and text with one is refused before it is parsed: the parser never returns two (the check stays as a second lock)';
const NAME_PART = "return s?.sval ?? '';";
const NAME_PARTS_ARE_STRINGS =
  "stringValue reads the parts of a function's or a type's name, which the parser always writes as String nodes with a non-empty sval (PostgreSQL refuses a zero-length identifier, quoted or not): neither fallback is ever taken";
const CLOCK = 'reference/src/analytics/engine/guard/clock-forms.ts';
const DECORATION = "if (value !== undefined && value !== false && !(Array.isArray(value) && value.length === 0)) return null;";
const PARSER_LEAVES_DEFAULTS_OUT =
  "the parser's JSON leaves out a false flag and an empty list, as it does every default: a decoration present is always true or a non-empty list or node, so value !== undefined alone decides";
const PRECISION_ONLY_FOR_KEYWORDS = "spanEnd reads precision only for a form whose end is 'keyword': a call's or a name's precision is never read";
const CLOCK_NAMES = "return ((call.funcname as Node[] | undefined) ?? []).map((n) => (n.String as { sval?: string } | undefined)?.sval ?? '');";
const CLOCK_NAME_PARTS_ARE_STRINGS =
  "clockCall reads only FuncCall nodes, whose funcname the parser always writes as a list of String nodes with a non-empty sval (PostgreSQL refuses a zero-length identifier): no fallback is ever taken, and neither '' nor a stand-in word names a clock function";
const CLOCK_ARRAY_BY_ENTRIES =
  "an array then goes the object way: Object.entries gives its items under index keys (never FuncCall or SQLValueFunction), each visited as the loop over the array visits it";
const UTF8_BY_DEFAULT = "Buffer.from reads an empty encoding name as its default, utf8: the same bytes";
const KEYWORD = 'reference/src/analytics/engine/guard/statement-keyword.ts';
const FEED = 'reference/src/analytics/feed.ts';
const PGLITE_ENGINE = 'reference/src/analytics/engine/pglite/engine.ts';
const DATADIR_CACHE = 'reference/src/analytics/engine/pglite/datadir-cache.ts';
const ONLY_SQL_IS_TESTED =
  "the guard and the install scripts look only at whether the clock mechanism is 'sql' (checkSql's rewrite, installScripts' clock functions and views): any other value, '' as well, is the database's own clock, the same SQL and the same scripts";
const BLOGS = 'reference/src/analytics/mirror/blogs.ts';
const MIRROR_POSTS = 'reference/src/analytics/mirror/posts.ts';
const ROW_SET = 'reference/src/analytics/mirror/row-set.ts';
const MIRROR_SUBSCRIBERS = 'reference/src/analytics/mirror/subscribers.ts';
const MIRROR_NEWSLETTERS = 'reference/src/analytics/mirror/newsletters.ts';
const OUTBOX_ROW_GUARD = "if (email.kind !== 'newsletter' || email.postId === null || email.subscriberId === null) return null;";
const NEWSLETTER_EMAILS_NAME_BOTH =
  "outboxRow reads only the outbox's newsletters (listed by kind), and fanOutNewsletter writes every one with its post and its subscriber: the guard never returns null (an email without them would fail exists() after all)";
const OUTBOX_ROW_TIME = "return sendRow(ids, email.status === 'delivered' ? (email.sentAt ?? email.deliveredAt) : null);";
const NEWSLETTERS_OUTBOX_LOOP = "for (const email of [...state.emails.outbox.list({ kind: 'newsletter' })].reverse()) {";
const FLAGS_AT_START = 'for (const s of state.subscribers.all(publication.id)) if (s.email !== null && times.of(s.email) !== null) flags(publication.id, s.id);';
const SENT_GUARD = "if (e.kind !== 'newsletter' || e.postId === null || e.subscriberId === null) return;";
const NEWSLETTER_RECEIVED_CHECK = "if (!RECEIVED.has(row.send_status) || row.sent_at === null || Date.parse(row.sent_at) > suppressedAt) continue;";
const INDEXED_ROW_HAS_ITS_SET =
  "unindex() runs only for a row put() indexed under the values it still has (put() replaces a row after unindexing the old one), so the set of its value always exists: the optional chaining never meets undefined";
const FALLBACK = "const words = nodeType.replace(/Stmt$/, '').match(/[A-Z][a-z]*/g) ?? [nodeType];";
const ONLY_ENTRY = "return entries.length === 1 ? entries[0] : ['?', node];";
const ALWAYS_ONE_KEY =
  "onlyEntry reads a statement and a WITH item's query, which the parser always writes as a node of one key ({SelectStmt: ...}, {DeleteStmt: ...}): the '?' for another shape is never returned";

const PG_ENGINE = 'reference/src/analytics/engine/pg/engine.ts';
const DROPPED_CONNECTION_ONLY_SLOWER =
  "every query's connection is then dropped when it ends, instead of only a broken or cancelled one: the pool opens a new one for the next query, slower, with the same answers";

const PG_ARRAY = 'reference/src/analytics/engine/values/pg-array.ts';
const TO_JSON = 'reference/src/analytics/engine/values/to-json.ts';
const UNTERMINATED_REFUSED_EITHER_WAY =
  'the loop goes one character past the end only in text that ends inside an element (no closing quote or brace); the character after it is then missing too, so the array is refused as malformed, with the same message, either way';

const DDL = 'reference/src/analytics/engine/schema/ddl.ts';
const COMMENT_UNREAD =
  "a relation's COMMENT is documentation for whoever runs the database: no route answers it (the schema listing gives names, types and nullability) and no query reads it (the guard refuses pg_catalog, and the query role has neither SELECT on the catalogs nor EXECUTE on obj_description)";
const INDEX_ONLY_SPEED =
  'an index changes how fast a plan runs, never the rows a query answers; no test holds rows enough for the time limit to tell';
const TABLES = 'reference/src/analytics/engine/schema/tables.ts';
const VIEWS = 'reference/src/analytics/engine/schema/views.ts';
const NO_VIEW_READS_TIME =
  "no view reads the time (docs/spec-gaps-analytics.md: \"none of them reads the time today\"), so the clock rewrite returns a view's trimmed text unchanged, and CREATE VIEW reads the body the same with or without its surrounding white space";

export const analytics: readonly EquivalentMutant[] = [
  {
    file: 'reference/src/analytics/engine/db/scoped-query.ts', code: "let fields: RawResult['fields'] = [];", original: '[]', mutator: 'ArrayDeclaration', replacement: '["Stryker was here"]',
    why: "fetchWithin always fetches at least once (its limit is maxRows + 1, and maxRows is never negative) and each fetch sets fields: the initial value is never returned",
  },
  {
    file: PG_ARRAY, code: 'if (eq < 0) throw new Error(`malformed array literal: ${text}`);', original: 'eq < 0', mutator: 'ConditionalExpression', replacement: 'false',
    why: "without an '=' the parse then starts at position 0, on the '[' itself, which parseLevel refuses with the same message",
  },
  {
    file: PG_ARRAY, code: 'if (eq < 0) throw new Error(`malformed array literal: ${text}`);', original: 'eq < 0', mutator: 'EqualityOperator', replacement: 'eq <= 0',
    why: "the check runs only on text starting with '[', so an '=' is never at position 0",
  },
  { file: PG_ARRAY, code: "while (i < text.length && text[i] !== '\"') {", original: 'i < text.length', mutator: 'EqualityOperator', replacement: 'i <= text.length', why: UNTERMINATED_REFUSED_EITHER_WAY },
  {
    file: PG_ARRAY, code: "while (i < text.length && text[i] !== delimiter && text[i] !== '}') i++;", original: 'i < text.length', mutator: 'EqualityOperator', replacement: 'i <= text.length',
    why: UNTERMINATED_REFUSED_EITHER_WAY,
  },
  {
    file: TO_JSON, code: 'case OID.oid:', original: 'case OID.oid: … return Number(text); #fdf22f91', mutator: 'ConditionalExpression', replacement: 'case OID.oid:',
    why: 'smallint, integer and oid then fall through to bigint\'s safeIntegerOrText, and every value of theirs (at most 2^32) is a safe integer: the same number',
  },
  {
    file: TO_JSON, code: 'case OID.int8:', original: 'case OID.int8: … return safeIntegerOrText(text); #7664d734', mutator: 'ConditionalExpression', replacement: 'case OID.int8:',
    why: "bigint then falls through to numeric's mapping, which for an integer's text gives a number exactly when its magnitude is at most 2^53-1, that is when it is a safe integer, and the text otherwise: the same value",
  },
  {
    file: TO_JSON, code: 'case OID.bytea:', original: 'case OID.bytea: … return text; #195f2abd', mutator: 'ConditionalExpression', replacement: 'case OID.bytea:',
    why: "date and bytea then leave the switch for the catalog lookup, where their category (D, U) is not an array's: PostgreSQL's text, as before",
  },
  {
    file: GUARD, code: "throw badRequest(error instanceof Error ? error.message : 'syntax error');", original: "'syntax error'", mutator: 'StringLiteral', replacement: '""',
    why: "the parser (pgsql-parser) rejects SQL only by throwing an Error with PostgreSQL's message: the fallback for a thrown value that is not an Error is never used",
  },
  { file: GUARD, code: 'if (Array.isArray(value)) {', original: 'Array.isArray(value)', mutator: 'ConditionalExpression', replacement: 'false', why: ARRAY_BY_ENTRIES },
  { file: GUARD, code: 'if (Array.isArray(value)) {', original: '{ … } #cabe78cc', mutator: 'BlockStatement', replacement: '{}', why: ARRAY_BY_ENTRIES },
  { file: GUARD, code: ARMS, original: "typeof value === 'object'", mutator: 'ConditionalExpression', replacement: 'true', why: ARMS_ARE_OBJECTS },
  { file: GUARD, code: TYPE_NAME, original: "Array.isArray(node.names) && 'typemod' in node", mutator: 'LogicalOperator', replacement: "Array.isArray(node.names) || 'typemod' in node", why: ONLY_TYPE_NAME },
  { file: GUARD, code: "if (key === 'SQLValueFunction') this.keyword(child as Node);", original: "key === 'SQLValueFunction'", mutator: 'ConditionalExpression', replacement: 'true', why: ONLY_SVF_HAS_A_TIME_OP },
  { file: GUARD, code: STMT, original: "key.endsWith('Stmt')", mutator: 'ConditionalExpression', replacement: 'false', why: NO_STMT_INSIDE },
  { file: GUARD, code: STMT, original: "key.endsWith('Stmt')", mutator: 'MethodExpression', replacement: "key.startsWith('Stmt')", why: NO_STMT_INSIDE },
  { file: GUARD, code: STMT, original: '{ … } #98290651', mutator: 'BlockStatement', replacement: '{}', why: NO_STMT_INSIDE },
  {
    file: GUARD, code: 'throw badRequest(`only SELECT or WITH queries are allowed; got ${statementKeyword(key, child as Node)}`);',
    original: '`only SELECT or WITH queries are allowed; got ${statementKeyword(key, child as Node)}`', mutator: 'StringLiteral', replacement: '``', why: NO_STMT_INSIDE,
  },
  { file: GUARD, code: ONE_STATEMENT, original: 'stmts.length > 1', mutator: 'ConditionalExpression', replacement: 'false', why: NO_SECOND_STATEMENT },
  { file: GUARD, code: ONE_STATEMENT, original: "'only one statement is allowed'", mutator: 'StringLiteral', replacement: '""', why: NO_SECOND_STATEMENT },
  { file: GUARD, code: ONLY_ENTRY, original: 'entries.length === 1', mutator: 'ConditionalExpression', replacement: 'true', why: ALWAYS_ONE_KEY },
  { file: GUARD, code: ONLY_ENTRY, original: "['?', node]", mutator: 'ArrayDeclaration', replacement: '[]', why: ALWAYS_ONE_KEY },
  { file: GUARD, code: ONLY_ENTRY, original: "'?'", mutator: 'StringLiteral', replacement: '""', why: ALWAYS_ONE_KEY },
  { file: GUARD, code: NAME_PART, original: 's?.sval', mutator: 'OptionalChaining', replacement: 's.sval', why: NAME_PARTS_ARE_STRINGS },
  { file: GUARD, code: NAME_PART, original: "''", mutator: 'StringLiteral', replacement: '"Stryker was here!"', why: NAME_PARTS_ARE_STRINGS },
  {
    file: CLOCK, code: "if (call.funcformat !== 'COERCE_EXPLICIT_CALL') return null;", original: "call.funcformat !== 'COERCE_EXPLICIT_CALL'", mutator: 'ConditionalExpression', replacement: 'false',
    why: 'the only other format of a FuncCall is COERCE_SQL_SYNTAX, which the grammar writes for SQL-syntax forms (EXTRACT, TRIM, AT TIME ZONE, OVERLAY, ...), none of which is named after a clock function: every call that reaches this check is an explicit one',
  },
  {
    file: CLOCK, code: "for (const decoration of ['agg_order', 'agg_filter', 'over', 'agg_within_group', 'agg_star', 'agg_distinct', 'func_variadic']) {", original: "'agg_within_group'", mutator: 'StringLiteral', replacement: '""',
    why: 'the grammar writes WITHIN GROUP only with its ORDER BY, which the parser keeps in agg_order: such a call is left alone through agg_order already',
  },
  { file: CLOCK, code: DECORATION, original: 'value !== false', mutator: 'ConditionalExpression', replacement: 'true', why: PARSER_LEAVES_DEFAULTS_OUT },
  { file: CLOCK, code: DECORATION, original: 'Array.isArray(value) && value.length === 0', mutator: 'ConditionalExpression', replacement: 'false', why: PARSER_LEAVES_DEFAULTS_OUT },
  { file: CLOCK, code: "return { location, end: 'name', precision: false, text: `${CLOCK_SCHEMA}.age` };", original: 'false', mutator: 'BooleanLiteral', replacement: 'true', why: PRECISION_ONLY_FOR_KEYWORDS },
  {
    file: CLOCK, code: "return { location, end: 'call', precision: false, text: ONCE.has(name) ? once(name) : `${CLOCK_SCHEMA}.${name}()` };", original: 'false', mutator: 'BooleanLiteral', replacement: 'true', why: PRECISION_ONLY_FOR_KEYWORDS,
  },
  {
    file: CLOCK, code: "return { location, end: 'call', precision: false, text: ONCE.has(name) ? once(name) : `${CLOCK_SCHEMA}.${name}()` };", original: "'call'", mutator: 'StringLiteral', replacement: '""',
    why: "spanEnd tests end for 'keyword' and 'name' only and reads any other end as a call's (through its closing parenthesis): an end of '' is spanned as 'call' is",
  },
  { file: CLOCK, code: CLOCK_NAMES, original: '[]', mutator: 'ArrayDeclaration', replacement: '["Stryker was here"]', why: CLOCK_NAME_PARTS_ARE_STRINGS },
  { file: CLOCK, code: CLOCK_NAMES, original: "''", mutator: 'StringLiteral', replacement: '"Stryker was here!"', why: CLOCK_NAME_PARTS_ARE_STRINGS },
  {
    file: CLOCK, code: CLOCK_NAMES, original: '(n.String as { sval?: string } | undefined)?.sval', mutator: 'OptionalChaining', replacement: '(n.String as {\n  sval?: string;\n} | undefined).sval',
    why: CLOCK_NAME_PARTS_ARE_STRINGS,
  },
  { file: CLOCK, code: 'if (Array.isArray(value)) {', original: 'Array.isArray(value)', mutator: 'ConditionalExpression', replacement: 'false', why: CLOCK_ARRAY_BY_ENTRIES },
  { file: CLOCK, code: 'if (Array.isArray(value)) {', original: '{ … } #36f7a7e4', mutator: 'BlockStatement', replacement: '{}', why: CLOCK_ARRAY_BY_ENTRIES },
  {
    file: CLOCK, code: "} else if (key === 'SQLValueFunction') {", original: "key === 'SQLValueFunction'", mutator: 'ConditionalExpression', replacement: 'true',
    why: "findClockForms then hands every child but a FuncCall to clockKeyword, which finds a form only in an object whose op is one of the SVFOP_ time values, which no node but a SQLValueFunction has; any other child (a string, a number, a list) has no such op, and the parser's JSON holds no null to fail on (it leaves unset fields out): the same forms are found",
  },
  {
    file: CLOCK, code: 'if (forms.length === 0) return sql;', original: 'forms.length === 0', mutator: 'ConditionalExpression', replacement: 'false',
    why: 'with no form to splice, the text is scanned and copied back whole, byte for byte (the guard and the views hand over only text the parser accepted, which the scanner reads as well): the check only saves the scan',
  },
  { file: CLOCK, code: "const bytes = Buffer.from(sql, 'utf8');", original: "'utf8'", mutator: 'StringLiteral', replacement: '""', why: UTF8_BY_DEFAULT },
  { file: CLOCK, code: "pieces.push(bytes.subarray(at, span.start), Buffer.from(span.text, 'utf8'));", original: "'utf8'", mutator: 'StringLiteral', replacement: '""', why: UTF8_BY_DEFAULT },
  {
    file: KEYWORD, code: "if (nodeType === 'TransactionStmt') return String(node.kind).replace(/^TRANS_STMT_/, '').replace(/_/g, ' ');", original: '/^TRANS_STMT_/', mutator: 'Regex', replacement: '/TRANS_STMT_/',
    why: 'every kind of a TransactionStmt starts with TRANS_STMT_ and holds it nowhere else: the first match is at the start either way',
  },
  {
    file: KEYWORD, code: FALLBACK, original: '/Stmt$/', mutator: 'Regex', replacement: '/Stmt/',
    why: "a statement's node name holds Stmt once, at its end: the first match is the end either way",
  },
  {
    file: KEYWORD, code: FALLBACK, original: '[nodeType]', mutator: 'ArrayDeclaration', replacement: '[]',
    why: "every node name is CamelCase, so the match finds a word and the fallback for no match is never used",
  },
  {
    file: FEED, code: 'if (changes.length === 0) return;', original: 'changes.length === 0', mutator: 'ConditionalExpression', replacement: 'false',
    why: 'an empty push adds nothing to the buffer, and flushSoon then changes nothing: with an empty buffer it starts no timer, and a buffer that holds changes always has a timer set or a task running that schedules one',
  },
  {
    file: FEED, code: 'if (this.timer !== null) clearTimeout(this.timer);', original: 'this.timer !== null', mutator: 'ConditionalExpression', replacement: 'true',
    why: 'clearTimeout(null) does nothing: the check only skips a call with no timer',
  },
  {
    file: BLOGS, code: "if (publication) emit([{ op: 'upsert', table: 'blogs', row: blogRow(publication) }]);", original: 'publication', mutator: 'ConditionalExpression', replacement: 'true',
    why: "publication.changed is announced only by the publication store's update, after it changed a publication it holds, and no publication is ever deleted: the lookup never misses",
  },
  {
    file: MIRROR_POSTS, code: "if (post) emit(rowsOf(post).map((row) => ({ op: 'upsert', table: 'posts', row })));", original: 'post', mutator: 'ConditionalExpression', replacement: 'true',
    why: 'the post store announces post.changed right after it changed a post it holds, and no listener deletes a post while hearing it: the lookup never misses',
  },
  {
    file: ROW_SET, code: 'indexed: readonly Column<T>[] = [],', original: '[]', mutator: 'ArrayDeclaration', replacement: '["Stryker was here"]',
    why: "every RowSet of the mirror names its indexed columns; one made without them (only in row-set.test.ts) would index a column no row has, under undefined, and where() refuses the table's real columns all the same",
  },
  { file: ROW_SET, code: 'keys?.delete(key);', original: 'keys?.delete', mutator: 'OptionalChaining', replacement: 'keys.delete', why: INDEXED_ROW_HAS_ITS_SET },
  { file: ROW_SET, code: 'if (keys?.size === 0) index.delete(row[column]);', original: 'keys?.size', mutator: 'OptionalChaining', replacement: 'keys.size', why: INDEXED_ROW_HAS_ITS_SET },
  {
    file: ROW_SET, code: 'if (keys?.size === 0) index.delete(row[column]);', original: 'keys?.size === 0', mutator: 'ConditionalExpression', replacement: 'false',
    why: "an emptied set then stays in the index: where() finds it empty and answers no rows, as for a value never seen, and put() adds to it again; only memory differs",
  },
  {
    file: MIRROR_SUBSCRIBERS, code: "return record ? [{ op: 'upsert' as const, table: 'subscribers' as const, row: rowOf(record) }] : [];", original: '[]', mutator: 'ArrayDeclaration', replacement: '["Stryker was here"]',
    why: 'subscriber.added and subscriber.changed are announced by the store right after it created or changed a record it holds, and the suppression watcher looks the record up before calling: the lookup never misses',
  },
  ...(
    [
      ["email.kind !== 'newsletter' || email.postId === null || email.subscriberId === null", 'ConditionalExpression', 'false'],
      ["email.kind !== 'newsletter' || email.postId === null || email.subscriberId === null", 'LogicalOperator', "(email.kind !== 'newsletter' || email.postId === null) && email.subscriberId === null"],
      ["email.kind !== 'newsletter' || email.postId === null", 'ConditionalExpression', 'false'],
      ["email.kind !== 'newsletter' || email.postId === null", 'LogicalOperator', "email.kind !== 'newsletter' && email.postId === null"],
      ["email.kind !== 'newsletter'", 'ConditionalExpression', 'false'],
      ['email.postId === null', 'ConditionalExpression', 'false'],
      ['email.subscriberId === null', 'ConditionalExpression', 'false'],
    ] as const
  ).map(([original, mutator, replacement]) => ({ file: MIRROR_NEWSLETTERS, code: OUTBOX_ROW_GUARD, original, mutator, replacement, why: NEWSLETTER_EMAILS_NAME_BOTH })),
  {
    file: MIRROR_NEWSLETTERS, code: OUTBOX_ROW_TIME, original: "email.status === 'delivered'", mutator: 'ConditionalExpression', replacement: 'true',
    why: 'an email still queued has neither sentAt nor deliveredAt (the outbox sets both as it delivers): its time is null, and its row queued, either way',
  },
  {
    file: MIRROR_NEWSLETTERS, code: OUTBOX_ROW_TIME, original: 'email.sentAt ?? email.deliveredAt', mutator: 'LogicalOperator', replacement: 'email.sentAt && email.deliveredAt',
    why: 'the outbox sets sentAt and deliveredAt together, to the same instant, and only on delivery: either reads the same time',
  },
  {
    file: MIRROR_NEWSLETTERS, code: NEWSLETTERS_OUTBOX_LOOP, original: "[...state.emails.outbox.list({ kind: 'newsletter' })].reverse()", mutator: 'MethodExpression',
    replacement: "[...state.emails.outbox.list({\n  kind: 'newsletter'\n})]",
    why: "a post's newsletter goes out once (fanOutNewsletter's newsletterSent), so the outbox holds at most one newsletter per post and subscriber: no later email replaces an earlier one's row, whatever the order",
  },
  {
    file: MIRROR_NEWSLETTERS, code: NEWSLETTERS_OUTBOX_LOOP, original: "{ kind: 'newsletter' }", mutator: 'ObjectLiteral', replacement: '{}',
    why: 'outboxRow drops every email of another kind itself',
  },
  {
    file: MIRROR_NEWSLETTERS, code: 'const suppressedAt = record?.email ? suppressionTimes(state, publicationId).of(record.email) : null;', original: 'record?.email', mutator: 'OptionalChaining', replacement: 'record.email',
    why: "flags runs only for a subscriber the store holds: the constructor walks the store's subscribers, and the suppression watcher looks the record up before calling",
  },
  ...(
    [
      ['s.email !== null && times.of(s.email) !== null', 'ConditionalExpression', 'true'],
      ['times.of(s.email) !== null', 'ConditionalExpression', 'true'],
    ] as const
  ).map(([original, mutator, replacement]) => ({
    file: MIRROR_NEWSLETTERS, code: FLAGS_AT_START, original, mutator, replacement,
    why: "flags marks only under a suppression, and every row starts unmarked (history and live rows alike are unopened sends or copies of them; flags is the one writer of true): flags of any other subscriber changes nothing",
  })),
  ...(
    [
      ["e.kind !== 'newsletter' || e.postId === null || e.subscriberId === null", 'ConditionalExpression', 'false'],
      ["e.kind !== 'newsletter' || e.postId === null || e.subscriberId === null", 'LogicalOperator', "(e.kind !== 'newsletter' || e.postId === null) && e.subscriberId === null"],
      ["e.kind !== 'newsletter' || e.postId === null", 'ConditionalExpression', 'false'],
      ["e.kind !== 'newsletter' || e.postId === null", 'LogicalOperator', "e.kind !== 'newsletter' && e.postId === null"],
      ["e.kind !== 'newsletter'", 'ConditionalExpression', 'false'],
      ['e.postId === null', 'ConditionalExpression', 'false'],
      ['e.subscriberId === null', 'ConditionalExpression', 'false'],
    ] as const
  ).map(([original, mutator, replacement]) => ({
    file: MIRROR_NEWSLETTERS, code: SENT_GUARD, original, mutator, replacement,
    why: "only a newsletter names both a post and a subscriber (a custom or link email has no post, a test newsletter no subscriber), and exists() finds neither a post nor a subscriber for a null id: every email the guard would let through returns at exists()",
  })),
  {
    file: MIRROR_NEWSLETTERS, code: 'if (suppressedAt !== null) {', original: 'suppressedAt !== null', mutator: 'ConditionalExpression', replacement: 'true',
    why: 'without a suppression the loop compares each received time with null, read as 0, and every sent_at is after 1970: each row is skipped, none is the last, as when the loop does not run',
  },
  {
    file: MIRROR_NEWSLETTERS, code: 'if (!last || row.sent_at > (last.sent_at as string) || (row.sent_at === last.sent_at && row.post_id > last.post_id)) last = row;',
    original: 'row.post_id > last.post_id', mutator: 'EqualityOperator', replacement: 'row.post_id >= last.post_id',
    why: "flags compares rows of one subscriber, keyed by post and subscriber: two of them never have the same post id",
  },
  {
    file: MIRROR_NEWSLETTERS, code: NEWSLETTER_RECEIVED_CHECK, original: 'row.sent_at === null', mutator: 'ConditionalExpression', replacement: 'false',
    why: 'a sent or delivered row always has its sent_at: sendRow writes one with every delivery, and the fixture history with every send',
  },
  {
    file: PG_ENGINE, code: 'let broken = false;', original: 'false', mutator: 'BooleanLiteral', replacement: 'true',
    why: DROPPED_CONNECTION_ONLY_SLOWER,
  },
  {
    file: PG_ENGINE, code: 'broken = !(error as { code?: string }).code;', original: '!(error as { code?: string }).code', mutator: 'BooleanLiteral',
    replacement: '(error as {\n  code?: string;\n}).code',
    why: "a connection that failed is then released for reuse and one that answered a SQL error dropped: node-postgres's pool drops a client whose connection is no longer queryable whatever it is told, and a dropped healthy one is replaced on the next query (slower, the same answers)",
  },
  {
    file: PG_ENGINE, code: 'client.release(broken || cancelled || undefined);', original: 'broken || cancelled || undefined', mutator: 'ConditionalExpression', replacement: 'true',
    why: DROPPED_CONNECTION_ONLY_SLOWER,
  },
  {
    file: 'reference/src/analytics/engine/pg/pg-runner.ts', code: "const config = { text: sql, values: params, rowMode: 'array', types: RAW_TEXT, queryMode: 'extended' };", original: "'extended'", mutator: 'StringLiteral', replacement: '""',
    why: "without it node-postgres sends a call without parameters by the simple protocol, which would take several statements; every call of query() holds one (the guard lets one user statement through, and the engine's own queries are one each), and both protocols answer it with the same fields and raw text values",
  },
  {
    file: PG_ENGINE, code: 'let cancelled = false;', original: 'false', mutator: 'BooleanLiteral', replacement: 'true',
    why: DROPPED_CONNECTION_ONLY_SLOWER,
  },
  {
    file: 'reference/src/analytics/engine/query-errors.ts', code: 'if (error instanceof ApiError) return error;', original: 'error instanceof ApiError', mutator: 'ConditionalExpression', replacement: 'false',
    why: "an ApiError is never a UserSqlError, so without the early return it reaches the last line, which returns it unchanged as well",
  },
  {
    file: DDL, code: 'const quote = (s: string) => `\'${s.replace(/\'/g, "\'\'")}\'`;', original: '"\'\'"', mutator: 'StringLiteral', replacement: '""',
    why: `quote() makes the comments' literals: an apostrophe dropped rather than doubled leaves a valid literal, so only a comment's text changes; ${COMMENT_UNREAD}`,
  },
  { file: DDL, code: 'out.push(`COMMENT ON TABLE analytics.${name} IS ${quote(def.comment)}`);', original: '`COMMENT ON TABLE analytics.${name} IS ${quote(def.comment)}`', mutator: 'StringLiteral', replacement: '``', why: COMMENT_UNREAD },
  { file: DDL, code: 'out.push(`COMMENT ON VIEW analytics.${v.name} IS ${quote(v.comment)}`);', original: '`COMMENT ON VIEW analytics.${v.name} IS ${quote(v.comment)}`', mutator: 'StringLiteral', replacement: '``', why: COMMENT_UNREAD },
  { file: DDL, code: 'for (const index of def.indexes ?? []) {', original: '{ … } #db8169c5', mutator: 'BlockStatement', replacement: '{}', why: INDEX_ONLY_SPEED },
  {
    file: DDL, code: "out.push(`CREATE INDEX ON analytics.${name} (${index.join(', ')})`);", original: "`CREATE INDEX ON analytics.${name} (${index.join(', ')})`", mutator: 'StringLiteral', replacement: '``',
    why: INDEX_ONLY_SPEED,
  },
  {
    file: DDL, code: "out.push(`CREATE INDEX ON analytics.${name} (${index.join(', ')})`);", original: "', '", mutator: 'StringLiteral', replacement: '""',
    why: "every index of tables.ts is on one column, which join writes the same whatever the separator",
  },
  { file: DDL, code: 'const trimmed = sql.trim();', original: 'sql.trim()', mutator: 'MethodExpression', replacement: 'sql', why: NO_VIEW_READS_TIME },
  ...(['true', 'false', "clock !== 'sql'"] as const).map((replacement) => ({
    file: DDL, code: "const body = clock === 'sql' ? await viewBody(v.sql) : v.sql.trim();", original: "clock === 'sql'",
    mutator: replacement === "clock !== 'sql'" ? 'EqualityOperator' : 'ConditionalExpression', replacement, why: NO_VIEW_READS_TIME,
  })),
  { file: DDL, code: "const body = clock === 'sql' ? await viewBody(v.sql) : v.sql.trim();", original: "'sql'", mutator: 'StringLiteral', replacement: '""', why: NO_VIEW_READS_TIME },
  { file: DDL, code: "const body = clock === 'sql' ? await viewBody(v.sql) : v.sql.trim();", original: 'v.sql.trim()', mutator: 'MethodExpression', replacement: 'v.sql', why: NO_VIEW_READS_TIME },
  {
    file: 'reference/src/analytics/engine/db/runner.ts', code: "export const RESULT_TOO_LARGE = 'result_too_large';", original: "'result_too_large'", mutator: 'StringLiteral', replacement: '""',
    why: "a name that scoped-query.ts gives the refusal and pglite/engine.ts alone compares, both reading this constant: any value no SQLSTATE takes works the same, and '' is none (a SQLSTATE has five characters); the user sees the message, not the code",
  },
  { file: PGLITE_ENGINE, code: "const checked = await checkSql(sql, ANALYTICS_RELATIONS, 'database');", original: "'database'", mutator: 'StringLiteral', replacement: '""', why: ONLY_SQL_IS_TESTED },
  { file: DATADIR_CACHE, code: ".update((await installScripts(PGLITE_SERVER_VERSION_NUM, 'database')).join('\\n'))", original: "'database'", mutator: 'StringLiteral', replacement: '""', why: ONLY_SQL_IS_TESTED },
  {
    file: DATADIR_CACHE, code: '} catch {', original: '{ … } #0f2adcb3', mutator: 'BlockStatement', replacement: '{}',
    why: "cacheFile's failure then gives undefined instead of null: each of its three readers asks !target, which both answer the same",
  },
  {
    file: DATADIR_CACHE, code: 'if (!target) return null;', original: '!target', mutator: 'ConditionalExpression', replacement: 'false',
    why: 'readFile of no path then fails inside the try below, whose catch answers null: the same answer, a failed call later',
  },
  {
    file: 'reference/src/analytics/engine/fair-turns.ts', code: 'if (left === 0) this.running.delete(publicationId);', original: 'left === 0', mutator: 'ConditionalExpression', replacement: 'false',
    why: "a publication with no query running then keeps an entry of 0, which every reader reads through ?? 0 as it reads a missing one; running is never iterated or counted",
  },
  // A table's or a view's COMMENT (in pieces where it is written over several lines), and a table's extra indexes: one entry for the four tables indexed on blog_id alone.
  { file: TABLES, code: "comment: 'One row per publication.',", original: "'One row per publication.'", mutator: 'StringLiteral', replacement: '""', why: COMMENT_UNREAD },
  { file: TABLES, code: "'One row per post, or per draft/version row of a post; version rows point at the published post through draft_of.',", original: "'One row per post, or per draft/version row of a post; version rows point at the published post through draft_of.'", mutator: 'StringLiteral', replacement: '""', why: COMMENT_UNREAD },
  { file: TABLES, code: "comment: 'One row per subscriber of a publication.',", original: "'One row per subscriber of a publication.'", mutator: 'StringLiteral', replacement: '""', why: COMMENT_UNREAD },
  { file: TABLES, code: "comment: \"One row per subscriber per newsletter send: one subscriber's copy of a post sent by email.\",", original: "\"One row per subscriber per newsletter send: one subscriber's copy of a post sent by email.\"", mutator: 'StringLiteral', replacement: '""', why: COMMENT_UNREAD },
  { file: TABLES, code: "comment: 'One row per link per subscriber per newsletter (post): the clicks of one subscriber on one link.',", original: "'One row per link per subscriber per newsletter (post): the clicks of one subscriber on one link.'", mutator: 'StringLiteral', replacement: '""', why: COMMENT_UNREAD },
  { file: TABLES, code: "comment: \"One row per reader per post: one reader's web visits to a post (read_time in seconds).\",", original: "\"One row per reader per post: one reader's web visits to a post (read_time in seconds).\"", mutator: 'StringLiteral', replacement: '""', why: COMMENT_UNREAD },
  { file: TABLES, code: "comment: 'One row per post per UTC day: web views of the post that day.',", original: "'One row per post per UTC day: web views of the post that day.'", mutator: 'StringLiteral', replacement: '""', why: COMMENT_UNREAD },
  { file: VIEWS, code: "'One row per published post: newsletter and web metrics of the post and of its draft/version rows. ' +", original: "'One row per published post: newsletter and web metrics of the post and of its draft/version rows. '", mutator: 'StringLiteral', replacement: '""', why: COMMENT_UNREAD },
  { file: VIEWS, code: "'Rates are fractions (0..1) of newsletter_sent, null when nothing was sent; avg_read_time is in seconds; ' +", original: "'Rates are fractions (0..1) of newsletter_sent, null when nothing was sent; avg_read_time is in seconds; '", mutator: 'StringLiteral', replacement: '""', why: COMMENT_UNREAD },
  { file: VIEWS, code: "'top_countries lists up to five country codes by views.',", original: "'top_countries lists up to five country codes by views.'", mutator: 'StringLiteral', replacement: '""', why: COMMENT_UNREAD },
  { file: VIEWS, code: "'One row per subscriber: newsletter engagement. engagement_score (0..1) = 0.7 x share of received emails ' +", original: "'One row per subscriber: newsletter engagement. engagement_score (0..1) = 0.7 x share of received emails '", mutator: 'StringLiteral', replacement: '""', why: COMMENT_UNREAD },
  { file: VIEWS, code: "'opened + 0.3 x share clicked, capped at 1; 0 when nothing was received.',", original: "'opened + 0.3 x share clicked, capped at 1; 0 when nothing was received.'", mutator: 'StringLiteral', replacement: '""', why: COMMENT_UNREAD },
  { file: VIEWS, code: "\"A single row: the publication's subscriber counts (an aggregate without GROUP BY, so there is a row even \" +", original: "\"A single row: the publication's subscriber counts (an aggregate without GROUP BY, so there is a row even \"", mutator: 'StringLiteral', replacement: '""', why: COMMENT_UNREAD },
  { file: VIEWS, code: "'with no subscribers; blog_id is null if the publication row is not mirrored yet).',", original: "'with no subscribers; blog_id is null if the publication row is not mirrored yet).'", mutator: 'StringLiteral', replacement: '""', why: COMMENT_UNREAD },
  { file: TABLES, code: "indexes: [['blog_id'], ['draft_of']],", original: "[['blog_id'], ['draft_of']]", mutator: 'ArrayDeclaration', replacement: '[]', why: INDEX_ONLY_SPEED },
  { file: TABLES, code: "indexes: [['blog_id']],", original: "[['blog_id']]", mutator: 'ArrayDeclaration', replacement: '[]', why: INDEX_ONLY_SPEED },
  { file: TABLES, code: "indexes: [['blog_id'], ['subscriber_id']],", original: "[['blog_id'], ['subscriber_id']]", mutator: 'ArrayDeclaration', replacement: '[]', why: INDEX_ONLY_SPEED },
];
