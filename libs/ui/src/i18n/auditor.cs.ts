import type { auditorEn } from './auditor';

export const auditorCs: typeof auditorEn = {
  readOnlyNotice: 'Jste auditor: vše si můžete prohlédnout, ale nic nemůžete měnit.',
  readOnlyScreen: 'Auditor může tuto obrazovku číst, ale nemůže ji měnit.',
  roleBadge: 'Role: {{role}}',
  inviteRole: 'Role',
};
