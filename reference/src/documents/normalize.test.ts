import { describe, expect, it } from 'vitest';

import { getEngine } from './engine.js';
import { fixMarks } from './normalize.js';

const { schema } = getEngine();

describe('fixMarks', () => {
  it('orders marks by the schema and drops what the schema refuses, the same on every call for the same types', () => {
    const first = fixMarks([{ type: 'italic' }, { type: 'bold' }, { type: 'unknown' }], schema);
    expect(first).toEqual([{ type: 'bold' }, { type: 'italic' }]);
    // Kept per list of types: the second call answers the first's (frozen) marks.
    const again = fixMarks([{ type: 'italic' }, { type: 'bold' }, { type: 'unknown' }], schema);
    expect(again).toBe(first);
    expect(Object.isFrozen(again)).toBe(true);
    expect(fixMarks([{ type: 'bold' }, { type: 'italic' }], schema)).toEqual([{ type: 'bold' }, { type: 'italic' }]);
    expect(fixMarks([{ type: 'unknown' }], schema)).toBeUndefined();
  });

  it('builds marks with attributes each time: each link keeps its own target, and an unsafe one is dropped', () => {
    const link = (href: string) => [{ type: 'bold' }, { type: 'link', attrs: { href } }];
    const a = fixMarks(link('https://example.com/a'), schema);
    const b = fixMarks(link('https://example.com/b'), schema);
    expect(a?.find((m) => m.type === 'link')?.attrs?.href).toBe('https://example.com/a');
    expect(b?.find((m) => m.type === 'link')?.attrs?.href).toBe('https://example.com/b');
    expect(fixMarks(link('javascript:alert(1)'), schema)).toEqual([{ type: 'bold' }]);
  });
});
