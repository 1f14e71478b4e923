import { Controller, Get, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import type { Role } from '@teaminbox/contracts';
import { testConfig } from '../../../test/app/test-app';
import { ConfigModule } from '../config/config.module';
import { DomainErrorFilter } from '../http/domain-error.filter';
import { RequestContext, RequestContextModule } from '../request-context';
import { AccessTokenService } from './access-token.service';
import { AuthModule } from './auth.module';
import { Caller, TeamCaller } from './caller.decorator';
import { RequireRole } from './roles.guard';
import { type UserSession, UserSessions } from './user-sessions';

/** The users read model, as the identity context would answer it. */
const sessions = new Map<string, UserSession>();

class TestSessions extends UserSessions {
  async sessionOf(userId: string): Promise<UserSession | null> {
    return sessions.get(userId) ?? null;
  }
}

@Module({ providers: [TestSessions], exports: [TestSessions] })
class TestSessionsModule {}

@Controller('probe')
class ProbeController {
  @Get('caller')
  caller(@Caller() caller: Caller) {
    return { caller, scope: RequestContext.current() };
  }

  @Get('team')
  team(
    @TeamCaller({ noTeam: { kind: 'conflict', message: 'Create a team first' }, teamIdIn: 'query' }) caller: TeamCaller,
  ) {
    return caller;
  }

  @Get('managers')
  @RequireRole('ADMIN', 'MAINTAINER')
  managers(@TeamCaller() caller: TeamCaller) {
    return caller;
  }
}

describe('the caller of a route (platform auth)', () => {
  let app: NestExpressApplication;
  let baseUrl: string;
  let tokens: AccessTokenService;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        ConfigModule.forRoot(testConfig()),
        RequestContextModule,
        AuthModule.forRoot({ imports: [TestSessionsModule], sessions: TestSessions }),
      ],
      controllers: [ProbeController],
      providers: [{ provide: APP_FILTER, useClass: DomainErrorFilter }],
    }).compile();
    app = moduleRef.createNestApplication<NestExpressApplication>({ logger: false });
    await app.listen(0, '127.0.0.1');
    const address = app.getHttpServer().address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    tokens = app.get(AccessTokenService);
  });
  afterAll(() => app?.close());

  async function signedIn(userId: string, teamId: string | null, role: Role | null): Promise<string> {
    sessions.set(userId, { version: 0, teamId, role });
    return tokens.issue(userId, { sessionVersion: 0 });
  }

  const get = async (path: string, token?: string, headers: Record<string, string> = {}) => {
    const response = await fetch(baseUrl + path, {
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, any> };
  };

  it('gives the caller with the team and role of the users read model, and makes them the actor', async () => {
    const token = await signedIn('u-admin', 't1', 'ADMIN');
    const res = await get('/probe/caller', token, { 'X-Request-Id': 'trace-42' });
    expect(res.status).toBe(200);
    expect(res.body.caller).toEqual({ userId: 'u-admin', teamId: 't1', role: 'ADMIN' });
    expect(res.body.scope).toEqual({
      correlationId: 'trace-42',
      causationId: null,
      actor: { kind: 'user', id: 'u-admin' },
      teamId: 't1',
    });
    expect(res.headers.get('x-request-id')).toBe('trace-42');
  });

  it('answers a request id of its own when the caller sends none or a malformed one, also on a refusal', async () => {
    const anonymous = await get('/probe/caller', undefined, { 'X-Request-Id': 'not a plain id' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
  });

  it('answers a caller without a team with the route’s refusal, and another team’s id with 404', async () => {
    const loner = await signedIn('u-loner', null, null);
    const noTeam = await get('/probe/team', loner);
    expect(noTeam.status).toBe(409);
    expect(noTeam.body).toMatchObject({ success: false, message: 'Create a team first' });
    const member = await signedIn('u-member', 't1', 'MEMBER');
    expect((await get('/probe/team?teamId=t1', member)).body).toEqual({
      userId: 'u-member',
      teamId: 't1',
      role: 'MEMBER',
    });
    const other = await get('/probe/team?teamId=t2', member);
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ success: false, message: 'Not found' });
  });

  it('lets only the required roles through, answering 403 Forbidden! to the others', async () => {
    const member = await signedIn('u-member2', 't1', 'MEMBER');
    const refused = await get('/probe/managers', member);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, message: 'Forbidden!', statusCode: 403 });
    expect((await get('/probe/managers', await signedIn('u-loner2', null, null))).status).toBe(403);
    const maintainer = await signedIn('u-maintainer', 't1', 'MAINTAINER');
    expect((await get('/probe/managers', maintainer)).status).toBe(200);
  });
});
