/** Texts of the AUDITOR role (key `auditor`): the read-only notices and the role shown in the header (docs/audit.md). */
export const auditorEn = {
  readOnlyNotice: 'You are an auditor: you can read everything, but you cannot change anything.',
  readOnlyScreen: 'Auditors can read this screen but cannot change it.',
  roleBadge: 'Role: {{role}}',
  inviteRole: 'Role',
};
