import type { EmailStar } from '@teaminbox/contracts';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port';
import { teamWithSampleEmails } from '../../../../test/app/identity-fixtures';
import { suiteWithApp } from '../../../../test/app/suite';

describe('stars over HTTP', () => {
  const { t, sink } = suiteWithApp();

  const teamWithEmails = () => teamWithSampleEmails(t, sink);

  it('stars and unstars an email for the caller only, and keeps it in the email history', async () => {
    const { admin, members, emails } = await teamWithEmails();
    const [first, second] = emails;
    const ids = emails.map((e) => e.id).join(',');

    const starred = await t.request<EmailStar>(`/api/emails/${first.id}/star`, { method: 'PUT', token: admin.token });
    expect(starred.status).toBe(200);
    expect(starred.body).toEqual({ emailId: first.id, starred: true });
    // Starring twice changes nothing.
    await t.request(`/api/emails/${first.id}/star`, { method: 'PUT', token: admin.token });
    await t.request(`/api/emails/${second.id}/star`, { method: 'PUT', token: members[0].token });

    const mine = await t.request<string[]>(`/api/emails/starred?ids=${ids}`, { token: admin.token });
    expect(mine.body).toEqual([first.id]);
    const theirs = await t.request<string[]>(`/api/emails/starred?ids=${ids}`, { token: members[0].token });
    expect(theirs.body).toEqual([second.id]);

    const unstarred = await t.request<EmailStar>(`/api/emails/${first.id}/unstar`, {
      method: 'PUT',
      token: admin.token,
    });
    expect(unstarred.body).toEqual({ emailId: first.id, starred: false });
    expect((await t.request<string[]>(`/api/emails/starred?ids=${ids}`, { token: admin.token })).body).toEqual([]);

    const history = await t.app.get<EventStore>(EVENT_STORE).readStream(`email-${first.id}`);
    expect(history.map((e) => e.type).filter((type) => /Starred|Unstarred/.test(type))).toEqual([
      'EmailStarred',
      'EmailUnstarred',
    ]);
  });

  it("answers 404 for another team's email and for malformed ids, and refuses a malformed id list", async () => {
    const { emails } = await teamWithEmails();
    const other = await teamWithEmails();
    const foreign = await t.request(`/api/emails/${emails[0].id}/star`, { method: 'PUT', token: other.admin.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ message: 'Email not found' });
    expect((await t.request('/api/emails/not-a-uuid/star', { method: 'PUT', token: other.admin.token })).status).toBe(
      404,
    );
    // Another team's star never shows, even when its ids are asked for.
    await t.request(`/api/emails/${other.emails[0].id}/star`, { method: 'PUT', token: other.admin.token });
    const asked = await t.request<string[]>(`/api/emails/starred?ids=${other.emails[0].id}`, {
      token: (await teamWithEmails()).admin.token,
    });
    expect(asked.body).toEqual([]);
    const bad = await t.request('/api/emails/starred?ids=nope', { token: other.admin.token });
    expect(bad.status).toBe(400);
  });
});
