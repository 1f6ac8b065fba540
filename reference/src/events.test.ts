import { describe, expect, it } from 'vitest';
import { Events } from './events.js';

describe('Events', () => {
  it('runs the listeners of a type at once, in the order they were added, and no other type\'s', () => {
    const events = new Events();
    const heard: string[] = [];
    events.emit('post.deleted', { publicationId: 'p', postId: 'x', at: 1 });
    events.on('post.changed', (e) => heard.push(`first ${e.postId}`));
    events.on('post.changed', (e) => heard.push(`second ${e.postId}`));
    events.on('post.deleted', (e) => heard.push(`deleted ${e.postId}`));
    events.emit('post.changed', { publicationId: 'p', postId: 'a', at: 2 });
    expect(heard).toEqual(['first a', 'second a']);
  });
});
