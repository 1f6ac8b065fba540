/** The inspector's sessions and cookies, without a server. */
import { describe, expect, it } from 'vitest';
import { clearedCookie, csrfProblem, InspectorSessions, sessionCookie } from './access.js';

const cookieOf = (id: string) => ({ cookie: `other=1; inspector_session=${id}` });

describe('InspectorSessions', () => {
  it('finds a session by the cookie it handed out, and nothing without one', () => {
    const sessions = new InspectorSessions();
    const session = sessions.open();
    expect(session.id).toMatch(/^\w{32}$/);
    expect(session.csrf).toMatch(/^\w{32}$/);
    expect(session.csrf).not.toBe(session.id);
    expect(session.flash).toBeNull();
    expect(sessions.find(cookieOf(session.id))).toBe(session);
    expect(sessions.find({})).toBeUndefined();
    expect(sessions.find(cookieOf('x'.repeat(32)))).toBeUndefined();
    sessions.close(session);
    expect(sessions.find(cookieOf(session.id))).toBeUndefined();
  });

  it('keeps a thousand sessions, dropping the oldest for the next', () => {
    const sessions = new InspectorSessions();
    const first = sessions.open();
    const second = sessions.open();
    for (let i = 2; i < 1000; i++) sessions.open();
    expect(sessions.find(cookieOf(first.id))).toBe(first);
    sessions.open();
    expect(sessions.find(cookieOf(first.id))).toBeUndefined();
    expect(sessions.find(cookieOf(second.id))).toBe(second);
  });
});

describe('cookies', () => {
  const session = { id: 'a'.repeat(32), csrf: 'b'.repeat(32), flash: null };

  it('a session cookie: this path only, twelve hours, no script, no other site; Secure over https', () => {
    expect(sessionCookie(session, false)).toBe(`inspector_session=${'a'.repeat(32)}; Path=/_inspector; Max-Age=43200; HttpOnly; SameSite=Strict`);
    expect(sessionCookie(session, true)).toBe(`inspector_session=${'a'.repeat(32)}; Path=/_inspector; Max-Age=43200; HttpOnly; SameSite=Strict; Secure`);
  });

  it('a cleared cookie ends it', () => {
    expect(clearedCookie()).toBe('inspector_session=; Path=/_inspector; Max-Age=0; HttpOnly; SameSite=Strict');
  });
});

describe('csrfProblem', () => {
  const session = { id: 'a'.repeat(32), csrf: 'b'.repeat(32), flash: null };

  it('accepts only the session token, of any length refused without throwing', () => {
    expect(csrfProblem(session, 'b'.repeat(32))).toBeNull();
    expect(csrfProblem(undefined, 'b'.repeat(32))).toBe('the browser did not send the inspector session cookie (are cookies blocked, or was the server restarted?)');
    expect(csrfProblem(session, null)).toBe('the form has no security token');
    expect(csrfProblem(session, '')).toBe('the form has no security token');
    expect(csrfProblem(session, 'c'.repeat(32))).toBe('the security token does not match this browser session');
    expect(csrfProblem(session, 'b')).toBe('the security token does not match this browser session');
    expect(csrfProblem(session, 'b'.repeat(33))).toBe('the security token does not match this browser session');
  });
});
