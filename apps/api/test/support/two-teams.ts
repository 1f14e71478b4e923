import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';

/** The members of two teams, for the isolation specs of the read ports: alice and a newcomer in A, bob in B. */
export interface TwoTeams {
  teamA: string;
  teamB: string;
  alice: string;
  newcomer: string;
  bob: string;
}

export const twoTeams = (): TwoTeams => ({
  teamA: randomUUID(),
  teamB: randomUUID(),
  alice: randomUUID(),
  newcomer: randomUUID(),
  bob: randomUUID(),
});

/** Writes the members of the two teams into the `users` read model. */
export async function insertTwoTeams(dataSource: DataSource, { teamA, teamB, alice, newcomer, bob }: TwoTeams) {
  for (const [id, teamId] of [
    [alice, teamA],
    [newcomer, teamA],
    [bob, teamB],
  ]) {
    await dataSource.query('INSERT INTO users (id, email, registered_at, team_id) VALUES ($1, $2, now(), $3)', [
      id,
      `${id}@example.com`,
      teamId,
    ]);
  }
}
