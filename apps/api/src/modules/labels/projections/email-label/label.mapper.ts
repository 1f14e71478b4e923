import type { Label } from '@teaminbox/contracts';

/** A row of `email_label`. */
export interface LabelRow {
  id: string;
  team_id: string;
  name: string;
  color: Label['color'];
  background_color: Label['backgroundColor'];
  is_default: boolean;
}

export const toLabel = (row: LabelRow): Label => ({
  id: row.id,
  name: row.name,
  color: row.color,
  backgroundColor: row.background_color,
  teamId: row.team_id,
  isDefault: row.is_default,
});
