/** Texts of the AUDITOR role (key `auditor`): the read-only notices and the role shown in the header (docs/audit.md). */
export const auditorEn = {
  readOnlyNotice: 'You are an auditor: you can read everything, but you cannot change anything.',
  readOnlyScreen: 'Auditors can read this screen but cannot change it.',
  roleBadge: 'Role: {{role}}',
  inviteRole: 'Role',
};

export const auditorCs: typeof auditorEn = {
  readOnlyNotice: 'Jste auditor: vše si můžete prohlédnout, ale nic nemůžete měnit.',
  readOnlyScreen: 'Auditor může tuto obrazovku číst, ale nemůže ji měnit.',
  roleBadge: 'Role: {{role}}',
  inviteRole: 'Role',
};
