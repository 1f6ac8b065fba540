// The install scripts as text, where no database is needed to tell: which
// relationships are declared as foreign keys (documentation only, so no query
// shows them: docs/spec-gaps-analytics.md, "Tables and columns"), and which
// clock mechanism installs the clock functions. The scripts themselves run in
// db/database.test.ts (the embedded engine's clock) and db/privileges.test.ts
// (the 'sql' clock), which check what a query sees of them.
import { describe, expect, it } from 'vitest';
import { parse } from 'pgsql-parser';
import { installScripts } from './ddl.js';

/** Every relationship between the analytics tables: a row's column and the row it names. */
const RELATIONSHIPS = [
  'posts (blog_id) REFERENCES analytics.blogs(id)',
  'posts (draft_of) REFERENCES analytics.posts(id)',
  'subscribers (blog_id) REFERENCES analytics.blogs(id)',
  ...['newsletter_metrics', 'newsletter_link_clicks', 'detailed_post_metrics'].flatMap((t) => [
    `${t} (blog_id) REFERENCES analytics.blogs(id)`,
    `${t} (post_id) REFERENCES analytics.posts(id)`,
    `${t} (subscriber_id) REFERENCES analytics.subscribers(id)`,
  ]),
  'post_views_daily (blog_id) REFERENCES analytics.blogs(id)',
  'post_views_daily (post_id) REFERENCES analytics.posts(id)',
];

const foreignKeys = (scripts: string[]) =>
  scripts
    .map((s) => /^ALTER TABLE analytics\.(\w+) ADD FOREIGN KEY (\(\w+\) REFERENCES \S+) NOT ENFORCED$/.exec(s))
    .filter((m) => m !== null)
    .map((m) => `${m[1]} ${m[2]}`);

describe('installScripts', () => {
  it('declares every relationship as an unenforced foreign key from PostgreSQL 18 on, after every table is made', async () => {
    const scripts = await installScripts(180000, 'database');
    expect(foreignKeys(scripts).sort()).toEqual([...RELATIONSHIPS].sort());
    const lastTable = scripts.findLastIndex((s) => s.startsWith('CREATE UNLOGGED TABLE'));
    const firstKey = scripts.findIndex((s) => s.includes('FOREIGN KEY'));
    expect(firstKey).toBeGreaterThan(lastTable);
  });

  it('declares no foreign key before PostgreSQL 18, which cannot leave one unenforced', async () => {
    const scripts = await installScripts(179999, 'database');
    expect(scripts.filter((s) => s.includes('FOREIGN KEY'))).toEqual([]);
    expect(scripts.filter((s) => s.startsWith('CREATE UNLOGGED TABLE'))).toHaveLength(7);
  });

  it('writes scripts that parse as PostgreSQL, for either clock mechanism', async () => {
    for (const clock of ['database', 'sql'] as const) {
      for (const script of await installScripts(179999, clock)) await expect(parse(script), script).resolves.toBeDefined();
    }
  });

  it("installs the clock functions for the 'sql' mechanism only: the embedded database's own clock needs none", async () => {
    const clockSchema = (scripts: string[]) => scripts.filter((s) => s.includes('CREATE SCHEMA analytics_clock'));
    expect(clockSchema(await installScripts(180000, 'database'))).toEqual([]);
    expect(clockSchema(await installScripts(180000, 'sql'))).toHaveLength(1);
  });
});
