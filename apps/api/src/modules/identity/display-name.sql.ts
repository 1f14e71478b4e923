/**
 * SQL for a user's display name from the `users` read model (first and last name, null when both are empty),
 * for read queries that join users under the given alias.
 */
export const displayNameSql = (alias: string): string =>
  `NULLIF(trim(concat_ws(' ', ${alias}.first_name, ${alias}.last_name)), '')`;
