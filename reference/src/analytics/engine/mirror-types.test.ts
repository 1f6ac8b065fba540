// A newsletter send's metrics row before anybody opened, clicked or unsubscribed.
import { describe, expect, it } from 'vitest';
import { unopenedSend } from './mirror-types.js';

describe('unopenedSend', () => {
  it('is the send with no opens, no clicks and no unsubscribe', () => {
    const send = { blog_id: 'b1', post_id: 'p1', subscriber_id: 's1', send_status: 'sent' as const, sent_at: '2024-03-01T09:00:00.000Z' };
    expect(unopenedSend(send)).toEqual({
      ...send,
      open_count: 0,
      first_opened_at: null,
      last_opened_at: null,
      click_count_total: 0,
      last_clicked_at: null,
      is_unsubscribed: false,
    });
  });
});
