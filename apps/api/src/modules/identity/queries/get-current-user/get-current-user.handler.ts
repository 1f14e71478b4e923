import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import type { CurrentUser } from '@teaminbox/contracts';
import type { Repository } from 'typeorm';
import { UserReadModel } from '../../projections/users/users.read-model';
import { GetCurrentUserQuery } from './get-current-user.query';

@QueryHandler(GetCurrentUserQuery)
export class GetCurrentUserHandler implements IQueryHandler<GetCurrentUserQuery, CurrentUser | null> {
  constructor(@InjectRepository(UserReadModel) private readonly users: Repository<UserReadModel>) {}

  async execute({ userId }: GetCurrentUserQuery): Promise<CurrentUser | null> {
    const user = await this.users.findOne({ where: { id: userId } });
    if (!user) return null;
    return {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
      teamId: user.teamId,
      emailProven: user.emailProvenAt !== null,
    };
  }
}
