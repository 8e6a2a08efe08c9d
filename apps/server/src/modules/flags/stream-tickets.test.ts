import { describe, expect, it } from 'vitest';
import { createStreamTickets } from './stream-tickets';

const holder = { userId: 'user-1', organisationId: 'organisation-1' };

describe('stream tickets', () => {
  it('redeem once to their holder, then never again', async () => {
    const tickets = createStreamTickets('a-secret-of-at-least-thirty-two-characters');
    const ticket = await tickets.issue(holder);
    expect(await tickets.redeem(ticket)).toEqual(holder);
    expect(await tickets.redeem(ticket)).toBeUndefined();
  });

  it('expire after 60 seconds', async () => {
    let now = Date.UTC(2026, 10, 23, 9, 0, 0);
    const tickets = createStreamTickets('a-secret-of-at-least-thirty-two-characters', () => now);
    const fresh = await tickets.issue(holder);
    const stale = await tickets.issue(holder);
    now += 59_000;
    expect(await tickets.redeem(fresh)).toEqual(holder);
    now += 1_000;
    expect(await tickets.redeem(stale)).toBeUndefined();
  });

  it("refuse a ticket signed with another server's key, and garbage", async () => {
    const ours = createStreamTickets('a-secret-of-at-least-thirty-two-characters');
    const theirs = createStreamTickets('another-secret-of-at-least-thirty-two-chars');
    expect(await ours.redeem(await theirs.issue(holder))).toBeUndefined();
    expect(await ours.redeem('not-a-ticket')).toBeUndefined();
  });
});
