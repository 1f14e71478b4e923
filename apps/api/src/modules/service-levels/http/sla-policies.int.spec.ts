import type { SlaPolicies } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { person, teamWith } from '../../../../test/app/identity-fixtures';
import { suiteWithApp } from '../../../../test/app/suite';

type Answer = SlaPolicies & { message: string };

const urgent = { name: '  Urgent ', priorities: ['HIGH'], firstResponseMinutes: 60, resolutionMinutes: 480 };
const vipLabel = '0190a0b0-0000-7000-8000-000000000001';
const vip = { name: 'VIP', labelIds: [vipLabel, vipLabel], firstResponseMinutes: 30 };

describe('SLA policies over HTTP', () => {
  const { t, sink } = suiteWithApp();

  const list = (token: string, query = '') => t.request<Answer>(`/api/team/sla-policies${query}`, { token });
  const create = (token: string, body: unknown, query = '') =>
    t.request<Answer>(`/api/team/sla-policies${query}`, { method: 'POST', token, body });
  const change = (token: string, id: string, body: unknown) =>
    t.request<Answer>(`/api/team/sla-policies/${id}`, { method: 'PUT', token, body });
  const remove = (token: string, id: string, version: number | string) =>
    t.request<Answer>(`/api/team/sla-policies/${id}?expectedVersion=${version}`, { method: 'DELETE', token });
  const reorder = (token: string, body: unknown) =>
    t.request<Answer>('/api/team/sla-policies/order', { method: 'PUT', token, body });

  it('creates, changes, reorders and deletes the team’s ordered policies; every member and AUDITOR reads them', async () => {
    const { admin, members, teamId } = await teamWith(t, sink, ['MAINTAINER', 'MEMBER', 'AUDITOR']);
    const [maintainer, member, auditor] = members;
    expect((await list(member.token)).body).toEqual({ policies: [], version: 0 });

    const first = await create(admin.token, { ...urgent, expectedVersion: 0 });
    expect(first.status).toBe(200);
    const urgentId = first.body.policies[0].id;
    expect(first.body).toEqual({
      policies: [
        {
          id: expect.any(String),
          name: 'Urgent',
          priorities: ['HIGH'],
          labelIds: [],
          firstResponseMinutes: 60,
          resolutionMinutes: 480,
        },
      ],
      version: 1,
    });
    const second = await create(maintainer.token, { ...vip, expectedVersion: 1 });
    const vipId = second.body.policies[1].id;
    expect(second.body.policies[1]).toEqual({
      id: vipId,
      name: 'VIP',
      priorities: [],
      labelIds: [vipLabel],
      firstResponseMinutes: 30,
      resolutionMinutes: null,
    });

    const reordered = await reorder(admin.token, { policyIds: [vipId, urgentId], expectedVersion: 2 });
    expect([reordered.status, reordered.body.policies.map((p) => p.name), reordered.body.version]).toEqual([
      200,
      ['VIP', 'Urgent'],
      3,
    ]);
    const changed = await change(maintainer.token, urgentId, {
      ...urgent,
      priorities: ['LOW', 'HIGH', 'HIGH'],
      expectedVersion: 3,
    });
    expect(changed.body.policies[1]).toMatchObject({ id: urgentId, priorities: ['HIGH', 'LOW'] });
    for (const reader of [member, auditor]) expect((await list(reader.token)).body).toEqual(changed.body);

    const deleted = await remove(admin.token, vipId, 4);
    expect([deleted.status, deleted.body.policies.map((p) => p.id), deleted.body.version]).toEqual([
      200,
      [urgentId],
      5,
    ]);
    const types: { type: string }[] = await t.app
      .get(DataSource)
      .query('SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_version', [`sla-policies-${teamId}`]);
    expect(types.map((row) => row.type)).toEqual([
      'SlaPolicyCreated',
      'SlaPolicyCreated',
      'SlaPoliciesReordered',
      'SlaPolicyChanged',
      'SlaPolicyDeleted',
    ]);
  });

  it('refuses a MEMBER and an AUDITOR with 403', async () => {
    const { admin, members } = await teamWith(t, sink, ['MEMBER', 'AUDITOR']);
    const [member, auditor] = members;
    const id = (await create(admin.token, { ...urgent, expectedVersion: 0 })).body.policies[0].id;
    for (const [token, message] of [
      [member.token, 'Forbidden!'],
      [auditor.token, 'Auditors cannot change anything: this role can only read.'],
    ]) {
      for (const res of [
        await create(token, { ...vip, expectedVersion: 1 }),
        await change(token, id, { ...vip, expectedVersion: 1 }),
        await remove(token, id, 1),
        await reorder(token, { policyIds: [id], expectedVersion: 1 }),
      ]) {
        expect([res.status, res.body.message]).toEqual([403, message]);
      }
    }
    expect((await list(admin.token)).body.version).toBe(1);
  });

  it('refuses a change made on a version someone else changed meanwhile with 409', async () => {
    const { admin, members } = await teamWith(t, sink, ['MAINTAINER']);
    const [maintainer] = members;
    const id = (await create(admin.token, { ...urgent, expectedVersion: 0 })).body.policies[0].id;
    expect((await change(admin.token, id, { ...urgent, firstResponseMinutes: 90, expectedVersion: 1 })).status).toBe(
      200,
    );
    const message =
      'The SLA policies were changed meanwhile: load them again and make your change on what they are now';
    for (const res of [
      await change(maintainer.token, id, { ...urgent, firstResponseMinutes: 15, expectedVersion: 1 }),
      await create(maintainer.token, { ...vip, expectedVersion: 1 }),
      await remove(maintainer.token, id, 1),
    ]) {
      expect([res.status, res.body.message]).toEqual([409, message]);
    }
    expect((await list(admin.token)).body.policies).toEqual([expect.objectContaining({ firstResponseMinutes: 90 })]);
  });

  it('refuses invalid policies with 400 and a clear message', async () => {
    const { admin } = await teamWith(t, sink, []);
    const cases: [unknown, string][] = [
      [{ ...urgent, name: ' ' }, 'Please enter a policy name'],
      [{ ...urgent, name: 'n'.repeat(101) }, 'A policy name is limited to 100 characters'],
      [{ ...urgent, priorities: ['URGENT'] }, 'priorities must be a list of HIGH, MEDIUM, LOW'],
      [{ ...urgent, labelIds: ['vip'] }, 'labelIds must be a list of label ids'],
      [
        {
          ...urgent,
          labelIds: Array.from({ length: 21 }, (_, i) => `0190a0b0-0000-7000-8000-${String(i).padStart(12, '0')}`),
        },
        'A policy can name at most 20 labels',
      ],
      [{ ...urgent, firstResponseMinutes: 0 }, 'A target must be a whole number of minutes from 1 to 527040, or null'],
      [{ ...urgent, resolutionMinutes: 1.5 }, 'A target must be a whole number of minutes from 1 to 527040, or null'],
      [
        { ...urgent, resolutionMinutes: 527041 },
        'A target must be a whole number of minutes from 1 to 527040, or null',
      ],
      [{ name: 'No target', firstResponseMinutes: null }, 'A policy needs a first-response or a resolution target'],
      [{ ...urgent, expectedVersion: undefined }, 'expectedVersion must be the version you read (0 when never saved)'],
    ];
    for (const [body, message] of cases) {
      const res = await create(admin.token, { expectedVersion: 0, ...(body as object) });
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    const id = (await create(admin.token, { ...urgent, expectedVersion: 0 })).body.policies[0].id;
    const order = await reorder(admin.token, { policyIds: [id, id], expectedVersion: 1 });
    expect([order.status, order.body.message]).toEqual([
      400,
      'policyIds must name every policy of the team once, in the new order',
    ]);
    const noVersion = await remove(admin.token, id, 'x');
    expect([noVersion.status, noVersion.body.message]).toEqual([
      400,
      'expectedVersion must be the version you read (0 when never saved)',
    ]);
    expect((await list(admin.token)).body.version).toBe(1);
  });

  it('never shows or changes another team’s policies', async () => {
    const mine = await teamWith(t, sink, []);
    const other = await teamWith(t, sink, []);
    const theirs = (await create(other.admin.token, { ...urgent, expectedVersion: 0 })).body.policies[0].id;
    const token = mine.admin.token;
    expect((await list(token)).body).toEqual({ policies: [], version: 0 });
    const named = await list(token, `?teamId=${other.teamId}`);
    expect([named.status, named.body.message]).toEqual([404, 'Team not found']);
    for (const res of [
      await change(token, theirs, { ...vip, expectedVersion: 0 }),
      await remove(token, theirs, 0),
      await change(token, 'not-a-uuid', { ...vip, expectedVersion: 0 }),
    ]) {
      expect([res.status, res.body.message]).toEqual([404, 'SLA policy not found']);
    }
    const moved = await reorder(token, { policyIds: [theirs], expectedVersion: 0 });
    expect(moved.status).toBe(400);
    expect((await list(other.admin.token)).body.policies).toEqual([
      expect.objectContaining({ id: theirs, name: 'Urgent' }),
    ]);

    const loner = await person(t, 'loner');
    const alone = await list(loner.token);
    expect([alone.status, alone.body.message]).toEqual([404, 'Team not found']);
  });
});
