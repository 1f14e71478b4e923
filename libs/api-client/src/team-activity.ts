import type { EmailAction, Page, TeamActivityEntry } from '@teaminbox/contracts';
import { request } from './http';

export interface TeamActivityQuery {
  teamId: string;
  page: number;
  size: number;
}

/**
 * The Team Activity screen's calls (spec admin-and-personal section 7): the team's actions, newest first, and one
 * email's. Both are `handled`: a load failure shows an empty list (section 8).
 */
export const teamActivityApi = {
  teamActions: (query: TeamActivityQuery): Promise<Page<TeamActivityEntry>> =>
    request<Page<TeamActivityEntry>>('/team/actions', { query: { ...query }, secured: true, handled: true }),
  emailActions: (emailId: string): Promise<EmailAction[]> =>
    request<EmailAction[]>(`/emails/${encodeURIComponent(emailId)}/actions`, { secured: true, handled: true }),
};

export type TeamActivityApi = typeof teamActivityApi;
