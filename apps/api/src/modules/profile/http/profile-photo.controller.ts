import { Controller, Get, HttpCode, Param, Post, Req, Res, UseInterceptors } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { PROFILE_PHOTO_MESSAGES, type ProfilePhotoUploaded } from '@teaminbox/contracts';
import type { Request, Response } from 'express';
import { Caller, OwnAccountRoute } from '../../../platform/auth';
import { DomainError } from '../../../platform/event-sourcing';
import { uuidOr404 } from '../../../platform/http/uuid-or-404';
import { UploadProfilePhotoCommand } from '../commands/upload-profile-photo/upload-profile-photo.command';
import { PROFILE_PHOTO_NOT_FOUND } from '../queries/get-profile-photo/get-profile-photo.handler';
import { GetProfilePhotoQuery, type StoredProfilePhoto } from '../queries/get-profile-photo/get-profile-photo.query';
import { ProfilePhotoUploadInterceptor } from './profile-photo-upload.interceptor';

/**
 * POST /user/profile-photo (multipart, field `file`) and the photos as images: the caller's own, or a team member's
 * by id or by email. Anyone else's, or none, answers 404.
 */
@Controller('user/profile-photo')
export class ProfilePhotoController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  @OwnAccountRoute()
  @HttpCode(200)
  @UseInterceptors(ProfilePhotoUploadInterceptor)
  upload(@Caller() caller: Caller, @Req() request: Request): Promise<ProfilePhotoUploaded> {
    const file = (request as Request & { file?: { buffer: Buffer } }).file;
    if (!file) throw new DomainError('invalid', PROFILE_PHOTO_MESSAGES.missing);
    return this.commands.execute(new UploadProfilePhotoCommand(caller.userId, file.buffer, caller.teamId));
  }

  @Get()
  async own(@Caller() caller: Caller, @Res() res: Response): Promise<void> {
    send(res, await this.queries.execute(new GetProfilePhotoQuery(caller, { userId: caller.userId })));
  }

  @Get('by-email/:email')
  async byEmail(@Caller() caller: Caller, @Param('email') email: string, @Res() res: Response): Promise<void> {
    send(res, await this.queries.execute(new GetProfilePhotoQuery(caller, { email })));
  }

  @Get(':id')
  async byId(@Caller() caller: Caller, @Param('id') id: string, @Res() res: Response): Promise<void> {
    const userId = uuidOr404(id, PROFILE_PHOTO_NOT_FOUND);
    send(res, await this.queries.execute(new GetProfilePhotoQuery(caller, { userId })));
  }
}

/** The photo as an image that nothing can run: our own re-encoded bytes, no sniffing, no scripts. */
function send(res: Response, photo: StoredProfilePhoto): void {
  res
    .status(200)
    .set({
      'content-type': photo.contentType,
      'content-length': String(photo.content.length),
      'cache-control': 'private, no-cache',
      etag: `"${photo.photoId}"`,
      'last-modified': photo.updatedAt.toUTCString(),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    })
    .end(photo.content);
}
