import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Comment } from '@teaminbox/contracts';
import { detailOpened } from './emailDetailSlice';

/** The internal comments of the open email, the new comment being written and the one being edited. */
export interface CommentsState {
  items: Comment[];
  draft: string;
  editing: { id: string; text: string } | null;
}

const initialState: CommentsState = { items: [], draft: '', editing: null };

export const commentsSlice = createSlice({
  name: 'emailComments',
  initialState,
  reducers: {
    commentsLoaded(state, action: PayloadAction<Comment[]>) {
      state.items = action.payload;
    },
    commentDraftChanged(state, action: PayloadAction<string>) {
      state.draft = action.payload;
    },
    commentAddRequested: {
      reducer() {},
      prepare: (emailId: string, message: string) => ({ payload: { emailId, message } }),
    },
    commentAdded(state) {
      state.draft = '';
    },
    commentEditStarted(state, action: PayloadAction<{ id: string; text: string }>) {
      state.editing = action.payload;
    },
    commentEditChanged(state, action: PayloadAction<string>) {
      if (state.editing) state.editing.text = action.payload;
    },
    commentEditCancelled(state) {
      state.editing = null;
    },
    commentSaveRequested: {
      reducer() {},
      prepare: (emailId: string) => ({ payload: { emailId } }),
    },
    commentSaved(state) {
      state.editing = null;
    },
    commentDeleteRequested: {
      reducer() {},
      prepare: (emailId: string, commentId: string) => ({ payload: { emailId, commentId } }),
    },
    commentDeleted(state, action: PayloadAction<string>) {
      if (state.editing?.id === action.payload) state.editing = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(detailOpened, () => initialState);
  },
});

export const {
  commentsLoaded,
  commentDraftChanged,
  commentAddRequested,
  commentAdded,
  commentEditStarted,
  commentEditChanged,
  commentEditCancelled,
  commentSaveRequested,
  commentSaved,
  commentDeleteRequested,
  commentDeleted,
} = commentsSlice.actions;

declare module '@teaminbox/web-store' {
  interface LazyLoadedSlices {
    emailComments: CommentsState;
  }
}

export const selectComments = (state: { emailComments?: CommentsState }): CommentsState =>
  state.emailComments ?? initialState;
