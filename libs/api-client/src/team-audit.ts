import type {
  DataSubjectErasure,
  Page,
  TeamAuditEntry,
  TeamAuditExportFormat,
  TeamAuditFilters,
} from '@teaminbox/contracts';
import { TEAM_AUDIT_TOTAL_HEADER } from '@teaminbox/contracts';
import { API_BASE, ApiError, request } from './http';
import { tokenStore } from './token-store';

export interface TeamAuditQuery extends TeamAuditFilters {
  page: number;
  size: number;
}

/** An export as the server starts sending it: the body to read, how many entries it holds, its file name. */
export interface TeamAuditDownload {
  body: ReadableStream<Uint8Array>;
  total: number | null;
  fileName: string;
}

function query(values: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

function fileNameOf(disposition: string | null, format: TeamAuditExportFormat): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? `team-audit.${format}`;
}

/** The Audit trail screen's calls: a page of the trail, and an export opened as a stream (its body read by the caller). */
export const teamAuditApi = {
  /** Erases the personal data of the person with this address in the caller's team (ADMIN). */
  erase: (email: string): Promise<DataSubjectErasure> =>
    request<DataSubjectErasure>('/team/audit/erasures', {
      method: 'POST',
      body: { email },
      secured: true,
      handled: true,
    }),
  list: (filters: TeamAuditQuery): Promise<Page<TeamAuditEntry>> =>
    request<Page<TeamAuditEntry>>('/team/audit', { query: { ...filters }, secured: true, handled: true }),
  openExport: async (format: TeamAuditExportFormat, filters: TeamAuditFilters): Promise<TeamAuditDownload> => {
    const token = tokenStore.get();
    const res = await fetch(`${API_BASE}/team/audit/export?${query({ ...filters, format })}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    if (!res.ok || !res.body) {
      const text = await res.text();
      let message = res.statusText || `HTTP ${res.status}`;
      try {
        message = (JSON.parse(text) as { message?: string }).message ?? message;
      } catch {
        if (text) message = text;
      }
      throw new ApiError(res.status, message);
    }
    const total = res.headers.get(TEAM_AUDIT_TOTAL_HEADER);
    return {
      body: res.body,
      total: total === null ? null : Number(total),
      fileName: fileNameOf(res.headers.get('content-disposition'), format),
    };
  },
};

export type TeamAuditApi = typeof teamAuditApi;

/** Saves a Blob as a file the browser downloads. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
