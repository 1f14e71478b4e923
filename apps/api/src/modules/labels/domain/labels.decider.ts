import type { LabelBackground, LabelColor } from '@teaminbox/contracts';
import type { Decider } from '../../../platform/event-sourcing/decider';
import { DomainError } from '../../../platform/event-sourcing/domain-error';
import type { DomainEvent } from '../../../platform/event-sourcing/domain-event';

export const labelsStreamId = (teamId: string) => `labels-${teamId}`;

export const LABEL_NOT_FOUND_MESSAGE = 'Label not found';
export const LABEL_EXISTS_MESSAGE = 'Label already exists';
export const DEFAULT_LABEL_UNDELETABLE_MESSAGE = 'Cannot delete default labels';

interface LabelFields {
  name: string;
  color: LabelColor;
  backgroundColor: LabelBackground;
}

export type LabelsCommand =
  | ({ type: 'CreateLabel'; teamId: string; labelId: string; isDefault: boolean } & LabelFields)
  | ({ type: 'UpdateLabel'; teamId: string; labelId: string } & LabelFields)
  | { type: 'DeleteLabel'; teamId: string; labelId: string };

export type LabelsEvent = DomainEvent<'LabelCreated' | 'LabelUpdated' | 'LabelDeleted'>;

export interface LabelsState {
  labels: ReadonlyMap<string, { name: string; isDefault: boolean }>;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** A team's labels: names unique per team (case-insensitive), default labels undeletable. */
export const labelsDecider: Decider<LabelsCommand, LabelsEvent, LabelsState> = {
  eventTypes: ['LabelCreated', 'LabelUpdated', 'LabelDeleted'],
  initialState: () => ({ labels: new Map() }),

  decide(command, state) {
    const clash = (name: string, except?: string) =>
      [...state.labels].some(([id, label]) => id !== except && sameName(label.name, name));
    switch (command.type) {
      case 'CreateLabel': {
        if (state.labels.has(command.labelId)) return [];
        if (clash(command.name)) throw new DomainError('conflict', LABEL_EXISTS_MESSAGE);
        const { type: _type, ...data } = command;
        return [{ type: 'LabelCreated', data: { ...data, name: command.name.trim() } }];
      }
      case 'UpdateLabel': {
        if (!state.labels.has(command.labelId)) throw new DomainError('not-found', LABEL_NOT_FOUND_MESSAGE);
        if (clash(command.name, command.labelId)) throw new DomainError('conflict', LABEL_EXISTS_MESSAGE);
        const { type: _type, ...data } = command;
        return [{ type: 'LabelUpdated', data: { ...data, name: command.name.trim() } }];
      }
      case 'DeleteLabel': {
        const label = state.labels.get(command.labelId);
        if (!label) throw new DomainError('not-found', LABEL_NOT_FOUND_MESSAGE);
        if (label.isDefault) throw new DomainError('invalid', DEFAULT_LABEL_UNDELETABLE_MESSAGE);
        return [{ type: 'LabelDeleted', data: { teamId: command.teamId, labelId: command.labelId } }];
      }
    }
  },

  evolve(state, event) {
    const labels = new Map(state.labels);
    switch (event.type) {
      case 'LabelCreated':
        labels.set(event.data.labelId, { name: event.data.name, isDefault: event.data.isDefault });
        break;
      case 'LabelUpdated': {
        const before = labels.get(event.data.labelId);
        labels.set(event.data.labelId, { name: event.data.name, isDefault: before?.isDefault ?? false });
        break;
      }
      case 'LabelDeleted':
        labels.delete(event.data.labelId);
        break;
    }
    return { labels };
  },
};
