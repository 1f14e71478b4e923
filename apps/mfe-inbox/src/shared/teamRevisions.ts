import { createSlice } from '@reduxjs/toolkit';
import { labelChanged, replyTemplateChanged } from '@teaminbox/web-store';

/**
 * A revision of the team's labels and of its reply templates, fed by the realtime connection: each grows with every
 * label or template change pushed to the team (by any member, this tab included). The inbox filters and row menus,
 * the email detail's label select and the reply form's template select load their list again when it grows.
 */
export interface TeamRevisionsState {
  labels: number;
  templates: number;
}

const initialTeamRevisionsState: TeamRevisionsState = { labels: 0, templates: 0 };

export const teamRevisionsSlice = createSlice({
  name: 'teamRevisions',
  initialState: initialTeamRevisionsState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(labelChanged, (state) => {
        state.labels += 1;
      })
      .addCase(replyTemplateChanged, (state) => {
        state.templates += 1;
      });
  },
});

declare module '@teaminbox/web-store' {
  interface LazyLoadedSlices {
    teamRevisions: TeamRevisionsState;
  }
}

export const selectTeamRevisions = (state: { teamRevisions?: TeamRevisionsState }): TeamRevisionsState =>
  state.teamRevisions ?? initialTeamRevisionsState;
