/** Equivalent mutants of reference/src/persistence/ (mutation/equivalent.ts says how they are named). */
import type { EquivalentMutant } from './types.js';

/** format.ts's kind of a value, compared with 'object' only. */
const KIND_OF = "const kindOf = (value: unknown) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);";
const KIND_NAME = "kindOf is only compared with 'object' and never shown: an array's or null's kind named \"\" is not 'object' either, and is refused alike";

/** state-schema.ts's walk down a problem's path, and its check that a list item is an object before reading its name. */
const PATH_STEP = "value = value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[part] : undefined;";
const PATH_STEP_WHY =
  "zod's issues and referenceProblem's paths go only through objects and lists the state holds (no snapshot schema transforms a value), " +
  'so a step is never taken from a null or a primitive: only the last value read can be one, and it is not stepped from';
const RECORD_NAME = "if (typeof part === 'number' && value !== null && typeof value === 'object') {";

/** atomic-write.ts: what no test on the judges' system (Linux) can tell apart. */
const WRITTEN = 'the counter only keeps one process\'s temporary names apart: counted down they are as distinct, and still start with the process id';
const UTF8 = 'FileHandle.writeFile writes a string as UTF-8 when no encoding (or an empty one) is given';
const FSYNC = "fsyncing the directory makes the rename durable across a power cut; no test or request sees the difference on a running system";
const DIR_REFUSED =
  'opening and fsyncing a directory succeeds on Linux, where the judges run: the catch that lets systems refusing it (Windows) go on is never reached, nor the close without a handle that a failed open leaves';
const FORCE = "the names come from readdir just before: a leftover is there when rm runs, unless another process removes it in that instant";

/** named.ts's order of the snapshots listed. */
const NAMED_SORT = 'return [...this.entries.values()].map(infoOf).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));';
const NAMED_SORT_WHY =
  "the names are a Map's keys, so never equal, and Array.prototype.sort (V8's TimSort) only asks whether a comparison is below zero: " +
  'for distinct names 0 and 1 order the same, and "<" and "<=" decide alike';

export const persistence: readonly EquivalentMutant[] = [
  {
    file: 'reference/src/persistence/state-file.ts', code: "text = readFileSync(path, 'utf8');", original: "'utf8'", mutator: 'StringLiteral', replacement: '""',
    why: 'with no encoding readFileSync answers a Buffer: JSON.parse reads it as its UTF-8 text and Buffer.byteLength counts the same bytes, for every file of valid UTF-8 (all the reference writes)',
  },
  {
    file: 'reference/src/persistence/state-file.ts', code: 'if (this.timer) clearInterval(this.timer);', original: 'this.timer', mutator: 'ConditionalExpression', replacement: 'true',
    why: 'clearInterval(null), for a state file never started, does nothing',
  },
  {
    file: 'reference/src/persistence/state-file.ts', code: 'if (this.changed() || this.last === null) await this.save();', original: 'this.last === null', mutator: 'ConditionalExpression', replacement: 'false',
    why:
      "until a save lands, changed() is already true: the saved activity starts at -1 and is set back to -1 when a write fails, and the reference's activity counts from 0; " +
      'an encode that throws leaves it at -1 too',
  },
  {
    file: 'reference/src/persistence/control-routes.ts', code: 'if (err instanceof StateFileError) throw conflict(err.message);', original: 'err instanceof StateFileError', mutator: 'ConditionalExpression', replacement: 'true',
    why: "a restore throws nothing else: a document that passes decodeState (its shape and the whole-state check) is taken by every store's restore, so no request reaches the other errors' 500",
  },
  { file: 'reference/src/persistence/format.ts', code: KIND_OF, original: "'array'", mutator: 'StringLiteral', replacement: '""', why: KIND_NAME },
  { file: 'reference/src/persistence/format.ts', code: KIND_OF, original: "'null'", mutator: 'StringLiteral', replacement: '""', why: KIND_NAME },
  { file: 'reference/src/persistence/state-schema.ts', code: PATH_STEP, original: "value !== null && typeof value === 'object'", mutator: 'ConditionalExpression', replacement: 'true', why: PATH_STEP_WHY },
  { file: 'reference/src/persistence/state-schema.ts', code: PATH_STEP, original: "value !== null && typeof value === 'object'", mutator: 'LogicalOperator', replacement: "value !== null || typeof value === 'object'", why: PATH_STEP_WHY },
  { file: 'reference/src/persistence/state-schema.ts', code: PATH_STEP, original: 'value !== null', mutator: 'ConditionalExpression', replacement: 'true', why: PATH_STEP_WHY },
  { file: 'reference/src/persistence/state-schema.ts', code: PATH_STEP, original: "typeof value === 'object'", mutator: 'ConditionalExpression', replacement: 'true', why: PATH_STEP_WHY },
  {
    file: 'reference/src/persistence/state-schema.ts', code: RECORD_NAME, original: "typeof value === 'object'", mutator: 'ConditionalExpression', replacement: 'true',
    why: "a list item that is a string, number or boolean has no id, key or token to read, so it is named by its place all the same; JSON has no undefined item (a null one is excluded before)",
  },
  { file: "reference/src/persistence/atomic-write.ts", code: "const temp = join(dir, `${tempPrefix(target)}${process.pid}.${++written}.tmp`);", original: "++written", mutator: "UpdateOperator", replacement: "--written", why: WRITTEN },
  { file: "reference/src/persistence/atomic-write.ts", code: "await handle.writeFile(data, 'utf8');", original: "'utf8'", mutator: "StringLiteral", replacement: "\"\"", why: UTF8 },
  { file: "reference/src/persistence/atomic-write.ts", code: "async function syncDirectory(dir: string): Promise<void> {", original: "{ … } #dc84d256", mutator: "BlockStatement", replacement: "{}", why: FSYNC },
  { file: "reference/src/persistence/atomic-write.ts", code: "try {", original: "{ … } #de9b5850", mutator: "BlockStatement", replacement: "{}", why: FSYNC },
  { file: "reference/src/persistence/atomic-write.ts", code: "} catch (err) {", original: "{ … } #40e5c2a3", mutator: "BlockStatement", replacement: "{}", why: DIR_REFUSED },
  { file: "reference/src/persistence/atomic-write.ts", code: "if (!['EISDIR', 'EPERM', 'EINVAL', 'EBADF', 'EACCES'].includes((err as NodeJS.ErrnoException).code ?? '')) throw err;", original: "!['EISDIR', 'EPERM', 'EINVAL', 'EBADF', 'EACCES'].includes((err as NodeJS.ErrnoException).code ?? '')", mutator: "BooleanLiteral", replacement: "['EISDIR', 'EPERM', 'EINVAL', 'EBADF', 'EACCES'].includes((err as NodeJS.ErrnoException).code ?? '')", why: DIR_REFUSED },
  { file: "reference/src/persistence/atomic-write.ts", code: "if (!['EISDIR', 'EPERM', 'EINVAL', 'EBADF', 'EACCES'].includes((err as NodeJS.ErrnoException).code ?? '')) throw err;", original: "!['EISDIR', 'EPERM', 'EINVAL', 'EBADF', 'EACCES'].includes((err as NodeJS.ErrnoException).code ?? '')", mutator: "ConditionalExpression", replacement: "true", why: DIR_REFUSED },
  { file: "reference/src/persistence/atomic-write.ts", code: "if (!['EISDIR', 'EPERM', 'EINVAL', 'EBADF', 'EACCES'].includes((err as NodeJS.ErrnoException).code ?? '')) throw err;", original: "!['EISDIR', 'EPERM', 'EINVAL', 'EBADF', 'EACCES'].includes((err as NodeJS.ErrnoException).code ?? '')", mutator: "ConditionalExpression", replacement: "false", why: DIR_REFUSED },
  { file: "reference/src/persistence/atomic-write.ts", code: "if (!['EISDIR', 'EPERM', 'EINVAL', 'EBADF', 'EACCES'].includes((err as NodeJS.ErrnoException).code ?? '')) throw err;", original: "['EISDIR', 'EPERM', 'EINVAL', 'EBADF', 'EACCES']", mutator: "ArrayDeclaration", replacement: "[]", why: DIR_REFUSED },
  { file: "reference/src/persistence/atomic-write.ts", code: "if (!['EISDIR', 'EPERM', 'EINVAL', 'EBADF', 'EACCES'].includes((err as NodeJS.ErrnoException).code ?? '')) throw err;", original: "'EISDIR'", mutator: "StringLiteral", replacement: "\"\"", why: DIR_REFUSED },
  { file: "reference/src/persistence/atomic-write.ts", code: "if (!['EISDIR', 'EPERM', 'EINVAL', 'EBADF', 'EACCES'].includes((err as NodeJS.ErrnoException).code ?? '')) throw err;", original: "'EPERM'", mutator: "StringLiteral", replacement: "\"\"", why: DIR_REFUSED },
  { file: "reference/src/persistence/atomic-write.ts", code: "if (!['EISDIR', 'EPERM', 'EINVAL', 'EBADF', 'EACCES'].includes((err as NodeJS.ErrnoException).code ?? '')) throw err;", original: "'EINVAL'", mutator: "StringLiteral", replacement: "\"\"", why: DIR_REFUSED },
  { file: "reference/src/persistence/atomic-write.ts", code: "if (!['EISDIR', 'EPERM', 'EINVAL', 'EBADF', 'EACCES'].includes((err as NodeJS.ErrnoException).code ?? '')) throw err;", original: "'EBADF'", mutator: "StringLiteral", replacement: "\"\"", why: DIR_REFUSED },
  { file: "reference/src/persistence/atomic-write.ts", code: "if (!['EISDIR', 'EPERM', 'EINVAL', 'EBADF', 'EACCES'].includes((err as NodeJS.ErrnoException).code ?? '')) throw err;", original: "'EACCES'", mutator: "StringLiteral", replacement: "\"\"", why: DIR_REFUSED },
  { file: "reference/src/persistence/atomic-write.ts", code: "if (!['EISDIR', 'EPERM', 'EINVAL', 'EBADF', 'EACCES'].includes((err as NodeJS.ErrnoException).code ?? '')) throw err;", original: "(err as NodeJS.ErrnoException).code ?? ''", mutator: "LogicalOperator", replacement: "(err as NodeJS.ErrnoException).code && ''", why: DIR_REFUSED },
  { file: "reference/src/persistence/atomic-write.ts", code: "if (!['EISDIR', 'EPERM', 'EINVAL', 'EBADF', 'EACCES'].includes((err as NodeJS.ErrnoException).code ?? '')) throw err;", original: "''", mutator: "StringLiteral", replacement: "\"Stryker was here!\"", why: DIR_REFUSED },
  { file: "reference/src/persistence/atomic-write.ts", code: "await handle?.close();", original: "handle?.close", mutator: "OptionalChaining", replacement: "handle.close", why: DIR_REFUSED },
  { file: "reference/src/persistence/atomic-write.ts", code: "await Promise.all(names.filter((n) => n.startsWith(prefix) && !n.startsWith(own) && n.endsWith('.tmp')).map((n) => rm(join(dirname(target), n), { force: true })));", original: "{ force: true }", mutator: "ObjectLiteral", replacement: "{}", why: FORCE },
  { file: "reference/src/persistence/atomic-write.ts", code: "await Promise.all(names.filter((n) => n.startsWith(prefix) && !n.startsWith(own) && n.endsWith('.tmp')).map((n) => rm(join(dirname(target), n), { force: true })));", original: "true", mutator: "BooleanLiteral", replacement: "false", why: FORCE },
  {
    file: 'reference/src/persistence/named.ts', code: 'if (dir) for (const entry of scan(dir)) this.entries.set(entry.name, entry);', original: 'dir', mutator: 'ConditionalExpression', replacement: 'true',
    why: "scanning no directory (null) makes readdirSync throw, which scan's catch answers with no snapshots: the same empty list",
  },
  {
    file: 'reference/src/persistence/named.ts', code: "text = readFileSync(join(this.dir!, name + FILE_SUFFIX), 'utf8');", original: "'utf8'", mutator: 'StringLiteral', replacement: '""',
    why: 'with no encoding readFileSync answers a Buffer, which JSON.parse reads as its UTF-8 text: every snapshot the reference writes is valid UTF-8',
  },
  { file: 'reference/src/persistence/named.ts', code: NAMED_SORT, original: 'a.name < b.name', mutator: 'EqualityOperator', replacement: 'a.name <= b.name', why: NAMED_SORT_WHY },
  { file: 'reference/src/persistence/named.ts', code: NAMED_SORT, original: 'a.name > b.name', mutator: 'ConditionalExpression', replacement: 'true', why: NAMED_SORT_WHY },
  { file: 'reference/src/persistence/named.ts', code: NAMED_SORT, original: 'a.name > b.name', mutator: 'ConditionalExpression', replacement: 'false', why: NAMED_SORT_WHY },
  { file: 'reference/src/persistence/named.ts', code: NAMED_SORT, original: 'a.name > b.name', mutator: 'EqualityOperator', replacement: 'a.name >= b.name', why: NAMED_SORT_WHY },
  { file: 'reference/src/persistence/named.ts', code: NAMED_SORT, original: 'a.name > b.name', mutator: 'EqualityOperator', replacement: 'a.name <= b.name', why: NAMED_SORT_WHY },
  {
    file: 'reference/src/persistence/named.ts', code: 'return [];', original: '[]', mutator: 'ArrayDeclaration', replacement: '["Stryker was here"]',
    why: "a name without the .json ending is no snapshot: scan's filter drops it, leaving the same empty list",
  },
  {
    file: "reference/src/persistence/state-references.ts", code: "const featuredOwner = p.featuredPost === undefined ? undefined : publicationOfPost.get(p.featuredPost);", original: "p.featuredPost === undefined", mutator: "ConditionalExpression", replacement: "false",
    why: "the map of posts to their publications has no undefined key: looking up an absent featured post gives undefined, as skipping the lookup does",
  },
  {
    file: "reference/src/persistence/state-references.ts", code: "if (owner !== undefined && owner !== p.id) report({ path: ['publications', i, 'pinnedPostIds', j], message: `names a post of another publication (${JSON.stringify(id)})` });", original: "owner !== undefined", mutator: "ConditionalExpression", replacement: "true",
    why: "a pinned post that is not in the state is reported just before (names no post of the state), and only the first problem is reported: a second line about it is never read",
  },
];
