import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TeamAuditExportFormat, TeamAuditFilters } from '@teaminbox/contracts';

/** An export in progress or done: bytes and entries received against the total the server announced. */
export interface AuditDownload {
  format: TeamAuditExportFormat;
  status: 'running' | 'done' | 'failed';
  bytes: number;
  rows: number;
  total: number | null;
  error: string | null;
}

/** The Audit trail's download of an export (a workflow of its saga); the trail itself is in the api cache. */
export interface TeamAuditState {
  download: AuditDownload | null;
}

export const initialTeamAuditState: TeamAuditState = { download: null };

export const teamAuditSlice = createSlice({
  name: 'teamAudit',
  initialState: initialTeamAuditState,
  reducers: {
    /** Export the entries of these filters (those of the entries shown). */
    auditExportRequested(state, action: PayloadAction<{ format: TeamAuditExportFormat; filters: TeamAuditFilters }>) {
      state.download = {
        format: action.payload.format,
        status: 'running',
        bytes: 0,
        rows: 0,
        total: null,
        error: null,
      };
    },
    auditExportStarted(state, action: PayloadAction<{ total: number | null }>) {
      if (state.download) state.download.total = action.payload.total;
    },
    auditExportProgressed(state, action: PayloadAction<{ bytes: number; rows: number }>) {
      if (state.download) Object.assign(state.download, action.payload);
    },
    auditExportFinished(state) {
      if (state.download) state.download.status = 'done';
    },
    auditExportFailed(state, action: PayloadAction<string>) {
      if (state.download) {
        state.download.status = 'failed';
        state.download.error = action.payload;
      }
    },
  },
});

export const {
  auditExportRequested,
  auditExportStarted,
  auditExportProgressed,
  auditExportFinished,
  auditExportFailed,
} = teamAuditSlice.actions;

declare module '@teaminbox/web-store' {
  interface LazyLoadedSlices {
    teamAudit: TeamAuditState;
  }
}

export const selectTeamAudit = (state: { teamAudit?: TeamAuditState }): TeamAuditState =>
  state.teamAudit ?? initialTeamAuditState;

/** The share of an export received, 0-100 (null while the total is unknown). */
export function downloadPercent(download: AuditDownload): number | null {
  if (download.status === 'done') return 100;
  if (!download.total) return null;
  return Math.min(100, Math.floor((download.rows * 100) / download.total));
}
