import { describe, expect, it } from 'vitest';
import { createStreamTickets } from './stream-tickets';

const holder = { userId: 'user-1', organisationId: 'organisation-1', sessionId: 'session-1' };
const ended = new Set<string>();
const isSessionEnded = (sessionId: string) => ended.has(sessionId);

describe('stream tickets', () => {
  it('redeem once to their holder, then never again', async () => {
    const tickets = createStreamTickets('a-secret-of-at-least-thirty-two-characters', isSessionEnded);
    const ticket = await tickets.issue(holder);
    expect(await tickets.redeem(ticket)).toEqual(holder);
    expect(await tickets.redeem(ticket)).toBeUndefined();
  });

  it('expire after 60 seconds', async () => {
    let now = Date.UTC(2026, 10, 23, 9, 0, 0);
    const tickets = createStreamTickets('a-secret-of-at-least-thirty-two-characters', isSessionEnded, () => now);
    const fresh = await tickets.issue(holder);
    const stale = await tickets.issue(holder);
    now += 59_000;
    expect(await tickets.redeem(fresh)).toEqual(holder);
    now += 1_000;
    expect(await tickets.redeem(stale)).toBeUndefined();
  });

  it("refuse a ticket signed with another server's key, and garbage", async () => {
    const ours = createStreamTickets('a-secret-of-at-least-thirty-two-characters', isSessionEnded);
    const theirs = createStreamTickets('another-secret-of-at-least-thirty-two-chars', isSessionEnded);
    expect(await ours.redeem(await theirs.issue(holder))).toBeUndefined();
    expect(await ours.redeem('not-a-ticket')).toBeUndefined();
  });

  it('refuse a ticket of a session that has ended, and say an open stream of it is no longer live', async () => {
    const tickets = createStreamTickets('a-secret-of-at-least-thirty-two-characters', isSessionEnded);
    const ticket = await tickets.issue({ ...holder, sessionId: 'session-ending' });
    expect(tickets.isLive({ ...holder, sessionId: 'session-ending' })).toBe(true);
    ended.add('session-ending');
    expect(await tickets.redeem(ticket)).toBeUndefined();
    expect(tickets.isLive({ ...holder, sessionId: 'session-ending' })).toBe(false);
  });
});
