import type {
  CurrentUser,
  EmailServerConfig,
  InvitationResponse,
  LoginLinkResponse,
  QuarantinedMessage,
  RegisterResponse,
  Role,
  SignInResponse,
  SuccessMessageResponse,
  Team,
  TChangePasswordRequest,
  TRegisterRequest,
  TSignInRequest,
} from '@teaminbox/contracts';
import type { EmailServerConfigRequest, OAuthUrlResponse } from './email-server-config';
import { API_BASE, ApiError, request } from './http';
import { tokenStore } from './token-store';

/** How often a failed public call is tried again (the spec: register 0, sendLoginLink 1, invitation 1). */
export const PUBLIC_CALL_RETRIES = { register: 0, signIn: 0, sendLoginLink: 1, invitation: 1 } as const;

/**
 * Runs a call and tries it again up to `retries` times when it failed on the way (network error or a
 * 5xx answer). A definite answer of the server (4xx: invalid, unknown, expired, rate-limited) is final.
 */
export async function withRetries<T>(call: () => Promise<T>, retries: number): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const transient = error instanceof ApiError && (error.status === 0 || error.status >= 500);
      if (!transient || attempt >= retries) throw error;
    }
  }
}

function messageFromBody(error: ApiError): string | undefined {
  const b = error.body as Partial<SuccessMessageResponse> | undefined;
  return b && typeof b === 'object' && typeof b.message === 'string' ? b.message : undefined;
}

/**
 * The public calls answer {success, message} also when they fail (400, 401, 409, 429): that body is
 * returned rather than thrown, so screens can show the server's message.
 */
async function publicCall(
  path: string,
  body: unknown,
  fallbackMessage: string,
  retries: number,
): Promise<SuccessMessageResponse> {
  try {
    const res = await withRetries(() => request<SuccessMessageResponse>(path, { method: 'POST', body }), retries);
    return res ?? { success: false, message: fallbackMessage };
  } catch (error) {
    if (error instanceof ApiError) {
      const message = messageFromBody(error);
      if (message !== undefined) return { success: false, message };
      return { success: false, message: error.status === 0 ? fallbackMessage : error.message || fallbackMessage };
    }
    throw error;
  }
}

export const REGISTER_FAILED_MESSAGE = 'An error occurred, please try again later.';
export const INVITATION_EXPIRED_MESSAGE = 'Invitation has expired';

/**
 * GET /invitation/{token}: a valid invitation answers {success:true, message:<invited email>, flag};
 * an unknown, used or expired one 404/410 {success:false, message}, returned here, not thrown.
 */
async function describeInvitation(token: string): Promise<InvitationResponse> {
  try {
    const res = await withRetries(
      () => request<InvitationResponse | undefined>(`/invitation/${encodeURIComponent(token)}`),
      PUBLIC_CALL_RETRIES.invitation,
    );
    return res ?? { success: false, message: INVITATION_EXPIRED_MESSAGE, flag: 0 };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return {
      success: false,
      message: messageFromBody(error) ?? (error.message || INVITATION_EXPIRED_MESSAGE),
      flag: 0,
    };
  }
}

export const api = {
  register: (payload: TRegisterRequest): Promise<RegisterResponse> =>
    publicCall('/register', payload, REGISTER_FAILED_MESSAGE, PUBLIC_CALL_RETRIES.register),
  signIn: (payload: TSignInRequest): Promise<SignInResponse> =>
    publicCall('/auth/signin', payload, REGISTER_FAILED_MESSAGE, PUBLIC_CALL_RETRIES.signIn),
  sendLoginLink: (email: string): Promise<SuccessMessageResponse> =>
    publicCall('/sendLoginLink', { email }, REGISTER_FAILED_MESSAGE, PUBLIC_CALL_RETRIES.sendLoginLink),
  /** Rejects with an ApiError: 425 means "try again" (the caller repeats it), 401 a bad or used link. */
  loginLinkSignIn: (token: string): Promise<LoginLinkResponse> =>
    request<LoginLinkResponse>(`/auth/loginLinkSignin/${encodeURIComponent(token)}`),
  describeInvitation,

  /** An empty answer counts as an empty object (the caller treats it as "no user"). */
  loggedInUser: async (): Promise<Partial<CurrentUser>> =>
    (await request<CurrentUser | undefined>('/loggedInUser', { secured: true, silent: true })) ?? {},

  getTeam: (): Promise<Team> => request<Team>('/team', { secured: true, silent: true }),
  createTeam: (name: string): Promise<unknown> =>
    request('/team', { method: 'PUT', body: name, text: true, secured: true, silent: true }),
  /** Failures are only logged (the spec). The invitee joins with the role (MEMBER when left out). */
  sendInvitation: (email: string, role?: Role): Promise<unknown> =>
    request('/invitation', { method: 'PUT', body: role ? { email, role } : { email }, secured: true, silent: true }),
  deleteInvitation: (id: string): Promise<unknown> =>
    request(`/invitation/${encodeURIComponent(id)}`, { method: 'DELETE', secured: true, silent: true }),
  /** The caller shows the failure (the server's message; 403 as 'Forbidden!'). */
  changeMemberRole: (memberId: string, role: Role): Promise<unknown> =>
    request(`/team/member/${encodeURIComponent(memberId)}/role`, {
      method: 'PUT',
      body: role,
      text: true,
      secured: true,
      handled: true,
    }),
  removeMember: (memberId: string): Promise<unknown> =>
    request(`/team/member/${encodeURIComponent(memberId)}`, { method: 'DELETE', secured: true, handled: true }),
  /** Answers {success:true, message:<new access token>}: the old token no longer works. */
  changePassword: (payload: TChangePasswordRequest): Promise<SuccessMessageResponse> =>
    request<SuccessMessageResponse>('/me/password', { method: 'PUT', body: payload, secured: true, handled: true }),

  createSampleEmails: (): Promise<SuccessMessageResponse> =>
    request<SuccessMessageResponse>('/emails/sample', { method: 'POST', secured: true }),

  /** Rejects with an ApiError; 404 means no configuration yet. The screen shows every failure itself. */
  getEmailServerConfig: (): Promise<EmailServerConfig> =>
    request<EmailServerConfig>('/email-server-config', { secured: true, handled: true }),
  createEmailServerConfig: (config: EmailServerConfigRequest): Promise<EmailServerConfig> =>
    request<EmailServerConfig>('/email-server-config', { method: 'POST', body: config, secured: true, handled: true }),
  updateEmailServerConfig: (config: EmailServerConfigRequest): Promise<EmailServerConfig> =>
    request<EmailServerConfig>('/email-server-config', { method: 'PUT', body: config, secured: true, handled: true }),
  testEmailServerConfig: (config: EmailServerConfigRequest): Promise<SuccessMessageResponse> =>
    request<SuccessMessageResponse>('/email-server-config/test', {
      method: 'POST',
      body: config,
      secured: true,
      handled: true,
    }),
  listImapFolders: (): Promise<string[]> =>
    request<string[]>('/email-server-config/imap-folders', { secured: true, handled: true }),
  oauthUrl: (provider: 'google' | 'microsoft'): Promise<OAuthUrlResponse> =>
    request<OAuthUrlResponse>(`/email-server-config/oauth/${provider}/url`, { secured: true, handled: true }),
  fetchEmails: (): Promise<SuccessMessageResponse> =>
    request<SuccessMessageResponse>('/emails/fetch', { method: 'POST', secured: true, handled: true }),

  /** The team's quarantined messages (ADMIN and MAINTAINER; a MEMBER gets 403). */
  listQuarantine: (): Promise<QuarantinedMessage[]> =>
    request<QuarantinedMessage[]>('/email-server-config/quarantine', { secured: true, handled: true }),
  retryQuarantined: (id: string): Promise<SuccessMessageResponse> =>
    request<SuccessMessageResponse>(`/email-server-config/quarantine/${encodeURIComponent(id)}/retry`, {
      method: 'POST',
      secured: true,
      handled: true,
    }),
  /** The original message (message/rfc822) of a quarantined one, as a Blob. */
  quarantinedSource: async (id: string): Promise<Blob> => {
    const token = tokenStore.get();
    let res: Response;
    try {
      res = await fetch(`${API_BASE}/email-server-config/quarantine/${encodeURIComponent(id)}/raw`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    } catch (cause) {
      throw new ApiError(0, cause instanceof Error ? cause.message : String(cause));
    }
    if (!res.ok) throw new ApiError(res.status, res.statusText || `HTTP ${res.status}`);
    return res.blob();
  },
};

export type Api = typeof api;
