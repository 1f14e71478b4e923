import { type OnModuleInit } from '@nestjs/common';
import { FeatureModule } from '../../platform/module-manifest/manifest';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { UserRegistered } from '@teaminbox/contracts';
import type { EntityManager } from 'typeorm';
import { PersonalDataRegistry } from '../../platform/personal-data';
import { AccountErasure } from './account-erasure';
import { USER_REGISTERED_PERSONAL_FIELDS } from './domain/account-personal-fields';
import { AuthController } from './http/auth.controller';
import { Credentials } from './credentials';
import { PasswordHasher } from './password-hasher';
import { UserReadModel } from './projections/users/users.read-model';
import { UserDirectory } from './user-directory';
import { IDENTITY_MANIFEST } from './identity.manifest';

@FeatureModule(IDENTITY_MANIFEST, {
  imports: [TypeOrmModule.forFeature([UserReadModel])],
  controllers: [AuthController],
  providers: [PasswordHasher, Credentials, UserDirectory, AccountErasure],
  exports: [UserDirectory, AccountErasure],
})
export class IdentityModule implements OnModuleInit {
  constructor(private readonly personalData: PersonalDataRegistry) {}

  onModuleInit(): void {
    this.personalData.declare('UserRegistered', USER_REGISTERED_PERSONAL_FIELDS);
    // An erased account keeps no password: nobody signs in to it again.
    this.personalData.onErasure(async (events, tx: EntityManager) => {
      const userIds = events
        .filter((event) => event.type === 'UserRegistered')
        .map((event) => (event.data as UserRegistered).userId);
      if (userIds.length > 0) await tx.query('DELETE FROM user_credential WHERE user_id = ANY($1::uuid[])', [userIds]);
    });
  }
}
