import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  type DataSubjectErasure,
  type ErasureRemains,
  TEAM_AUDIT_PAGE_SIZE,
  type TeamAuditEntry,
  type TeamAuditExportFormat,
  type TeamAuditFilters,
} from '@teaminbox/contracts';

/** An export in progress or done: bytes and entries received against the total the server announced. */
export interface AuditDownload {
  format: TeamAuditExportFormat;
  status: 'running' | 'done' | 'failed';
  bytes: number;
  rows: number;
  total: number | null;
  error: string | null;
}

/** The erasure of a person's personal data (ADMIN): the address typed, its confirmation and its outcome. */
export interface AuditErasure {
  email: string;
  confirming: boolean;
  status: 'idle' | 'running' | 'done' | 'failed';
  /** The address erased (done) or the server's message (failed). */
  message: string | null;
  /** Done: whether anything was erased (false: no key was kept, only plain-text events name the address). */
  erased: boolean;
  /** Done: what cannot be fully erased, the event types still naming the address with their counts. */
  remains: ErasureRemains[];
  /**
   * Done: whether the read models were all written again before the answer; false: the keys are deleted and the
   * inbox, search and trail are still being updated (a person with very many events).
   */
  finished: boolean;
}

export interface TeamAuditState {
  /** The filters as edited (instants as ISO strings). */
  filters: TeamAuditFilters;
  /** The filters of the entries shown (and of an export). */
  applied: TeamAuditFilters;
  page: number;
  size: number;
  entries: TeamAuditEntry[];
  totalElements: number;
  loading: boolean;
  /** Why the list could not be loaded (the server's message, e.g. a bad filter). */
  error: string | null;
  download: AuditDownload | null;
  erasure: AuditErasure;
}

export const initialTeamAuditState: TeamAuditState = {
  filters: {},
  applied: {},
  page: 0,
  size: TEAM_AUDIT_PAGE_SIZE,
  entries: [],
  totalElements: 0,
  loading: false,
  error: null,
  download: null,
  erasure: { email: '', confirming: false, status: 'idle', message: null, erased: false, remains: [], finished: true },
};

export const teamAuditSlice = createSlice({
  name: 'teamAudit',
  initialState: initialTeamAuditState,
  reducers: {
    auditFilterChanged(state, action: PayloadAction<Partial<TeamAuditFilters>>) {
      state.filters = { ...state.filters, ...action.payload };
    },
    auditFiltersCleared(state) {
      state.filters = {};
    },
    /** Load the first page with the filters as edited. */
    auditRequested(state) {
      state.applied = { ...state.filters };
      state.page = 0;
      state.loading = true;
    },
    auditPageRequested(state, action: PayloadAction<{ page: number; size?: number }>) {
      state.page = action.payload.page;
      if (action.payload.size) state.size = action.payload.size;
      state.loading = true;
    },
    auditLoaded(state, action: PayloadAction<{ entries: TeamAuditEntry[]; totalElements: number }>) {
      state.entries = action.payload.entries;
      state.totalElements = action.payload.totalElements;
      state.loading = false;
      state.error = null;
    },
    auditLoadFailed(state, action: PayloadAction<string>) {
      state.entries = [];
      state.totalElements = 0;
      state.loading = false;
      state.error = action.payload;
    },
    auditExportRequested(state, action: PayloadAction<TeamAuditExportFormat>) {
      state.download = { format: action.payload, status: 'running', bytes: 0, rows: 0, total: null, error: null };
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
    erasureEmailChanged(state, action: PayloadAction<string>) {
      state.erasure = {
        email: action.payload,
        confirming: false,
        status: 'idle',
        message: null,
        erased: false,
        remains: [],
        finished: true,
      };
    },
    /** The admin asked to erase: the confirmation naming the consequences opens. */
    erasureRequested(state) {
      if (state.erasure.email.trim()) state.erasure.confirming = true;
    },
    erasureDismissed(state) {
      state.erasure.confirming = false;
    },
    erasureConfirmed(state) {
      state.erasure.confirming = false;
      state.erasure.status = 'running';
      state.erasure.message = null;
    },
    /** The server answered: what was erased, and what still names the address. */
    erasureSucceeded(state, action: PayloadAction<{ email: string; erasure: DataSubjectErasure }>) {
      const { email, erasure } = action.payload;
      state.erasure = {
        email: '',
        confirming: false,
        status: 'done',
        message: email,
        erased: erasure.eventId !== null,
        remains: erasure.remains ?? [],
        finished: erasure.finished !== false,
      };
    },
    erasureFailed(state, action: PayloadAction<string>) {
      state.erasure.status = 'failed';
      state.erasure.message = action.payload;
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
  auditFilterChanged,
  auditFiltersCleared,
  auditRequested,
  auditPageRequested,
  auditLoaded,
  auditLoadFailed,
  auditExportRequested,
  auditExportStarted,
  auditExportProgressed,
  auditExportFinished,
  auditExportFailed,
  erasureEmailChanged,
  erasureRequested,
  erasureDismissed,
  erasureConfirmed,
  erasureSucceeded,
  erasureFailed,
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
