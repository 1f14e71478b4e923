import type {
  CurrentUser,
  Email,
  Folder,
  Page,
  RegisterResponse,
  SignInResponse,
  SuccessMessageResponse,
  Team,
  TeamMember,
  TRegisterRequest,
  TSignInRequest,
} from '@teaminbox/contracts';
import { ApiError, request } from './http';

/**
 * The public calls answer {success, message} also when they fail (400, 401, 409): that body is
 * returned rather than thrown, so screens can show the server's message.
 */
async function publicCall(path: string, body: unknown, fallbackMessage: string): Promise<SuccessMessageResponse> {
  try {
    const res = await request<SuccessMessageResponse>(path, { method: 'POST', body });
    return res ?? { success: false, message: fallbackMessage };
  } catch (error) {
    if (error instanceof ApiError) {
      const b = error.body as Partial<SuccessMessageResponse> | undefined;
      if (b && typeof b === 'object' && typeof b.message === 'string') return { success: false, message: b.message };
      return { success: false, message: error.status === 0 ? fallbackMessage : error.message || fallbackMessage };
    }
    throw error;
  }
}

export const REGISTER_FAILED_MESSAGE = 'An error occurred, please try again later.';

export interface ListEmailsParams {
  page: number;
  size: number;
  folder?: Folder;
  search?: string;
  status?: string;
  priority?: string;
}

export const api = {
  register: (payload: TRegisterRequest): Promise<RegisterResponse> =>
    publicCall('/register', payload, REGISTER_FAILED_MESSAGE),
  signIn: (payload: TSignInRequest): Promise<SignInResponse> =>
    publicCall('/auth/signin', payload, REGISTER_FAILED_MESSAGE),
  sendLoginLink: (email: string): Promise<SuccessMessageResponse> =>
    publicCall('/sendLoginLink', { email }, REGISTER_FAILED_MESSAGE),

  /** An empty answer counts as an empty object (the caller treats it as "no user"). */
  loggedInUser: async (): Promise<Partial<CurrentUser>> =>
    (await request<CurrentUser | undefined>('/loggedInUser', { secured: true, silent: true })) ?? {},

  getTeam: (): Promise<Team> => request<Team>('/team', { secured: true, silent: true }),
  createTeam: (name: string): Promise<unknown> =>
    request('/team', { method: 'PUT', body: name, text: true, secured: true, silent: true }),
  getTeamMembers: (): Promise<TeamMember[]> => request<TeamMember[]>('/team/members', { secured: true, silent: true }),

  listEmails: (params: ListEmailsParams): Promise<Page<Email>> =>
    request<Page<Email>>('/emails', { query: { folder: 'inbox', ...params }, secured: true, silent: true }),
  getEmail: (id: string): Promise<Email> =>
    request<Email>(`/emails/${encodeURIComponent(id)}`, { secured: true, silent: true }),
  unreadCount: (): Promise<number> => request<number>('/emails/unread/count', { secured: true, silent: true }),
  createSampleEmails: (): Promise<SuccessMessageResponse> =>
    request<SuccessMessageResponse>('/emails/sample', { method: 'POST', secured: true }),
};

export type Api = typeof api;
