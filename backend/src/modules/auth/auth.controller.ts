import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public, Roles } from '../../common/auth/access-policy.js';
import { CurrentUser, RequestAuthenticator, type AuthUser } from '../../common/auth/auth-user.js';
import { AppConfig } from '../../config/app-config.js';
import { SelfUserDto } from '../users/dto/self-user.dto.js';
import { UsersService } from '../users/users.service.js';
import { clearSessionCookie, setSessionCookie } from './auth-cookie.js';
import { AuthService, type SignedIn } from './auth.service.js';
import { isForeignNavigation } from './cross-site.js';
import { AuthResponseDto, LoginResponseDto } from './dto/auth-response.dto.js';
import { LoginDto, TwoFactorLoginDto } from './dto/login.dto.js';
import { SignupDto } from './dto/signup.dto.js';

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersService,
    private readonly authenticator: RequestAuthenticator,
    private readonly config: AppConfig,
  ) {}

  @Public()
  @UseGuards(ThrottlerGuard)
  @Post('auth/signup')
  @ApiOkResponse({ type: AuthResponseDto })
  @ApiTooManyRequestsResponse()
  async signup(
    @Body() body: SignupDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthResponseDto> {
    return this.signedIn(await this.auth.signup(body), reply);
  }

  @Public()
  @UseGuards(ThrottlerGuard)
  @Post('auth/login')
  @HttpCode(200)
  @ApiOkResponse({ type: LoginResponseDto })
  @ApiTooManyRequestsResponse()
  async login(
    @Body() body: LoginDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<LoginResponseDto> {
    const outcome = await this.auth.login(body.emailOrUsername, body.password);
    if (outcome.kind === 'two-factor')
      return { twoFactorRequired: true, challengeToken: outcome.challengeToken };
    return this.signedIn(outcome, reply);
  }

  @Public()
  @UseGuards(ThrottlerGuard)
  @Post('auth/login/2fa')
  @HttpCode(200)
  @ApiOkResponse({ type: AuthResponseDto })
  async loginWithCode(
    @Body() body: TwoFactorLoginDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthResponseDto> {
    return this.signedIn(await this.auth.completeTwoFactorLogin(body.challengeToken, body.code), reply);
  }

  @Roles('user')
  @ApiBearerAuth()
  @Get('auth/user')
  @ApiOkResponse({ type: SelfUserDto })
  currentUser(@CurrentUser() user: AuthUser): Promise<SelfUserDto> {
    return this.users.selfView(user.id);
  }

  /** Browser navigation: ends the session behind the cookie (or bearer token) and goes home. */
  @Public()
  @Get('logout')
  async logout(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    // A link or image on another site must not sign people out (the cookie rides along on a GET): it
    // only lands on the app, still signed in. The app's own navigation here is same-origin.
    if (isForeignNavigation(request, this.config)) {
      void reply.redirect('/', 302);
      return;
    }
    const caller = await this.authenticator.authenticate(request);
    await this.auth.logout(caller?.sessionId ?? null);
    clearSessionCookie(reply);
    void reply.redirect('/', 302);
  }

  private signedIn(result: SignedIn, reply: FastifyReply): AuthResponseDto {
    setSessionCookie(reply, this.config, result.sessionId);
    return { token: result.token, user: result.user };
  }
}
