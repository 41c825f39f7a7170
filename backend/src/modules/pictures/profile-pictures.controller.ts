import { Controller, Delete, Get, Param, Put, Query, Req, Res } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiProduces,
  ApiQuery,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Roles } from '../../common/auth/access-policy.js';
import { CurrentUser, type AuthUser } from '../../common/auth/auth-user.js';
import { UnsupportedMediaTypeError } from '../../common/errors/domain-error.js';
import { UuidPipe } from '../friends/index.js';
import { SelfUserDto } from '../users/index.js';
import { PICTURE_CONTENT_TYPE_MESSAGE } from './picture-body.js';
import { sendPicture } from './picture-reply.js';
import { PICTURE_CONTENT_TYPES, PICTURE_MAX_BYTES, PICTURE_SIDE } from './picture-image.js';
import { ProfilePicturesService } from './profile-pictures.service.js';

@ApiTags('users')
@ApiBearerAuth()
@Roles('user')
@Controller('users')
export class ProfilePicturesController {
  constructor(private readonly pictures: ProfilePicturesService) {}

  @Put('me/picture')
  @ApiOperation({
    summary: 'Set your profile picture',
    description:
      `The image bytes as the body (${PICTURE_CONTENT_TYPES.join(', ')}), at most ${PICTURE_MAX_BYTES / 1024} kB ` +
      `and 4096 px a side. The type is read from the bytes; the picture is re-encoded as a ${PICTURE_SIDE} px ` +
      'square WebP without metadata, and profileImageUrl becomes its address on this server.',
  })
  @ApiConsumes(...PICTURE_CONTENT_TYPES)
  @ApiBody({ schema: { type: 'string', format: 'binary' } })
  @ApiOkResponse({ type: SelfUserDto })
  @ApiPayloadTooLargeResponse({ description: 'Larger than 512 kB' })
  @ApiUnsupportedMediaTypeResponse({ description: 'Not sent as image/png, image/jpeg or image/webp' })
  upload(@CurrentUser() user: AuthUser, @Req() request: FastifyRequest): Promise<SelfUserDto> {
    if (!Buffer.isBuffer(request.body)) throw new UnsupportedMediaTypeError(PICTURE_CONTENT_TYPE_MESSAGE);
    return this.pictures.upload(user.id, request.body);
  }

  @Delete('me/picture')
  @ApiOperation({ summary: 'Remove your profile picture (initials show instead)' })
  @ApiOkResponse({ type: SelfUserDto })
  remove(@CurrentUser() user: AuthUser): Promise<SelfUserDto> {
    return this.pictures.remove(user.id);
  }

  @Get(':id/picture')
  @ApiOperation({
    summary: 'A person’s profile picture',
    description:
      'Visible to whoever may see their name (their profileVisibility; admins and the person always); ' +
      'otherwise, or with no picture, 404. With the current v the answer may be cached for good.',
  })
  @ApiQuery({ name: 'v', required: false, description: 'The version from profileImageUrl' })
  @ApiProduces('image/webp')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  @ApiNotFoundResponse({ description: 'No picture, or not one you may see' })
  async picture(
    @CurrentUser() user: AuthUser,
    @Param('id', UuidPipe) id: string,
    @Query('v') version: string | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const picture = await this.pictures.read(user, id);
    await sendPicture(request, reply, picture, version);
  }
}
