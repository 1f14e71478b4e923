import { type BusinessHours, DEFAULT_BUSINESS_HOURS } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { person, teamWith } from '../../../../test/app/identity-fixtures';
import { suiteWithApp } from '../../../../test/app/suite';

type ErrorBody = { success: false; message: string };

const prague = {
  enabled: true,
  timeZone: 'Europe/Prague',
  weekly: {
    monday: [{ start: '09:00', end: '17:00' }],
    tuesday: [
      { start: '13:00', end: '17:00' },
      { start: '08:00', end: '12:00' },
    ],
    wednesday: [{ start: '09:00', end: '17:00' }],
    thursday: [{ start: '09:00', end: '17:00' }],
    friday: [{ start: '09:00', end: '15:00' }],
    saturday: [],
    sunday: [],
  },
  holidays: ['2026-12-25', '2026-12-24', '2026-12-24'],
};

describe('business hours over HTTP', () => {
  const { t, sink } = suiteWithApp();

  const read = (token: string, query = '') =>
    t.request<BusinessHours & ErrorBody>(`/api/team/business-hours${query}`, { token });
  const save = (token: string, body: unknown, query = '') =>
    t.request<BusinessHours & ErrorBody>(`/api/team/business-hours${query}`, { method: 'PUT', token, body });

  it('is calendar time until set; an ADMIN or MAINTAINER sets it and every member and AUDITOR reads it', async () => {
    const { admin, members } = await teamWith(t, sink, ['MAINTAINER', 'MEMBER', 'AUDITOR']);
    const [maintainer, member, auditor] = members;
    const before = await read(member.token);
    expect([before.status, before.body]).toEqual([200, DEFAULT_BUSINESS_HOURS]);

    const saved = await save(admin.token, { ...prague, expectedVersion: 0 });
    const expected: BusinessHours = {
      ...prague,
      weekly: {
        ...prague.weekly,
        tuesday: [
          { start: '08:00', end: '12:00' },
          { start: '13:00', end: '17:00' },
        ],
      },
      holidays: ['2026-12-24', '2026-12-25'],
      version: 1,
    };
    expect([saved.status, saved.body]).toEqual([200, expected]);
    for (const reader of [admin, maintainer, member, auditor])
      expect((await read(reader.token)).body).toEqual(expected);

    const off = await save(maintainer.token, { ...expected, enabled: false, expectedVersion: 1 });
    expect([off.status, off.body]).toEqual([200, { ...expected, enabled: false, version: 2 }]);
  });

  it('refuses a MEMBER and an AUDITOR with 403 and changes nothing', async () => {
    const { admin, members } = await teamWith(t, sink, ['MEMBER', 'AUDITOR']);
    const [member, auditor] = members;
    const asMember = await save(member.token, { ...prague, expectedVersion: 0 });
    expect([asMember.status, asMember.body.message]).toEqual([403, 'Forbidden!']);
    const asAuditor = await save(auditor.token, { ...prague, expectedVersion: 0 });
    expect([asAuditor.status, asAuditor.body.message]).toEqual([
      403,
      'Auditors cannot change anything: this role can only read.',
    ]);
    expect((await read(admin.token)).body).toEqual(DEFAULT_BUSINESS_HOURS);
  });

  it('refuses a change made on a version someone else changed meanwhile (409), and saving the same records nothing', async () => {
    const { admin, members, teamId } = await teamWith(t, sink, ['MAINTAINER']);
    const [maintainer] = members;
    expect((await save(admin.token, { ...prague, expectedVersion: 0 })).status).toBe(200);
    const late = await save(maintainer.token, { ...prague, holidays: [], expectedVersion: 0 });
    expect([late.status, late.body.message]).toEqual([
      409,
      'The business hours were changed meanwhile: load them again and make your change on what they are now',
    ]);
    const again = await save(admin.token, { ...prague, expectedVersion: 1 });
    expect([again.status, again.body.version]).toEqual([200, 1]);

    const rows: { type: string; actor: string; version: number }[] = await t.app.get(DataSource).query(
      `SELECT type, metadata->>'actorUserId' AS actor, stream_version AS version FROM events
          WHERE stream_id = $1 ORDER BY stream_version`,
      [`business-hours-${teamId}`],
    );
    expect(rows.map((row) => ({ ...row, version: Number(row.version) }))).toEqual([
      { type: 'BusinessHoursChanged', actor: admin.id, version: 1 },
    ]);
  });

  it('refuses invalid business hours with 400 and a clear message', async () => {
    const { admin } = await teamWith(t, sink, []);
    const day = (intervals: unknown) => ({ ...prague, weekly: { ...prague.weekly, monday: intervals } });
    const cases: [unknown, string][] = [
      [{ ...prague, timeZone: 'Europe/Atlantis' }, 'Unknown time zone: use an IANA name such as Europe/Prague or UTC'],
      [{ ...prague, timeZone: '+01:00' }, 'Unknown time zone: use an IANA name such as Europe/Prague or UTC'],
      [{ ...prague, timeZone: 42 }, 'Unknown time zone: use an IANA name such as Europe/Prague or UTC'],
      [
        day([{ start: '17:00', end: '09:00' }]),
        'An interval must end after it starts (monday 17:00-09:00); split a shift over midnight in two',
      ],
      [
        day([{ start: '09:00', end: '09:00' }]),
        'An interval must end after it starts (monday 09:00-09:00); split a shift over midnight in two',
      ],
      [
        day([
          { start: '09:00', end: '12:00' },
          { start: '11:30', end: '13:00' },
        ]),
        'Intervals overlap on monday (09:00-12:00 and 11:30-13:00)',
      ],
      [day([{ start: '9:00', end: '17:00' }]), 'A time must be HH:mm, from 00:00 to 24:00'],
      [day([{ start: '09:00', end: '24:30' }]), 'A time must be HH:mm, from 00:00 to 24:00'],
      [
        day(
          Array.from({ length: 11 }, (_, i) => ({
            start: `${String(i).padStart(2, '0')}:00`,
            end: `${String(i).padStart(2, '0')}:30`,
          })),
        ),
        'A day can have at most 10 intervals',
      ],
      [{ ...prague, holidays: ['2026-02-30'] }, 'A holiday must be a date YYYY-MM-DD'],
      [{ ...prague, holidays: ['24.12.2026'] }, 'A holiday must be a date YYYY-MM-DD'],
      [
        {
          ...prague,
          holidays: Array.from({ length: 367 }, (_, i) =>
            new Date(Date.UTC(2027, 0, 1 + i)).toISOString().slice(0, 10),
          ),
        },
        'At most 366 holidays',
      ],
      [
        {
          ...prague,
          weekly: { monday: [], tuesday: [], wednesday: [], thursday: [], friday: [], saturday: [], sunday: [] },
        },
        'Business hours need at least one open interval in the week',
      ],
      [{ ...prague, expectedVersion: undefined }, 'expectedVersion must be the version you read (0 when never saved)'],
      [{ ...prague, expectedVersion: -1 }, 'expectedVersion must be the version you read (0 when never saved)'],
    ];
    for (const [body, message] of cases) {
      const res = await save(admin.token, { expectedVersion: 0, ...(body as object) });
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    expect((await read(admin.token)).body).toEqual(DEFAULT_BUSINESS_HOURS);

    const midnight = await save(admin.token, {
      ...prague,
      weekly: {
        ...prague.weekly,
        friday: [{ start: '22:00', end: '24:00' }],
        saturday: [{ start: '00:00', end: '06:00' }],
      },
      holidays: Array.from({ length: 366 }, (_, i) => new Date(Date.UTC(2027, 0, 1 + i)).toISOString().slice(0, 10)),
      expectedVersion: 0,
    });
    expect(midnight.status).toBe(200);
    expect(midnight.body.weekly.friday).toEqual([{ start: '22:00', end: '24:00' }]);
    expect(midnight.body.holidays).toHaveLength(366);
    const calendarTime = await save(admin.token, { ...DEFAULT_BUSINESS_HOURS, weekly: {}, expectedVersion: 1 });
    expect([calendarTime.status, calendarTime.body.enabled, calendarTime.body.weekly.monday]).toEqual([200, false, []]);
  });

  it('never shows or changes another team’s business hours', async () => {
    const mine = await teamWith(t, sink, []);
    const other = await teamWith(t, sink, []);
    await save(other.admin.token, { ...prague, expectedVersion: 0 });

    expect((await read(mine.admin.token)).body).toEqual(DEFAULT_BUSINESS_HOURS);
    const named = await read(mine.admin.token, `?teamId=${other.teamId}`);
    expect([named.status, named.body.message]).toEqual([404, 'Team not found']);
    const changed = await save(
      mine.admin.token,
      { ...prague, enabled: false, expectedVersion: 1 },
      `?teamId=${other.teamId}`,
    );
    expect([changed.status, changed.body.message]).toEqual([404, 'Team not found']);
    expect((await read(mine.admin.token, `?teamId=${mine.teamId}`)).status).toBe(200);
    expect((await read(other.admin.token)).body).toMatchObject({ enabled: true, version: 1 });

    const loner = await person(t, 'loner');
    const alone = await read(loner.token);
    expect([alone.status, alone.body.message]).toEqual([404, 'Team not found']);
    expect((await t.request('/api/team/business-hours')).status).toBe(401);
  });
});
