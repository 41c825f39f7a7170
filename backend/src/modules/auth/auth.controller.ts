import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBearerAuth,
  ApiOkResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public, Roles } from '../../common/auth/access-policy.js';
import { CurrentUser, RequestAuthenticator, type AuthUser } from '../../common/auth/auth-user.js';
import { AppConfig } from '../../config/app-config.js';
import { SelfUserDto, UsersService } from '../users/index.js';
import { clearSessionCookie, setSessionCookie } from './auth-cookie.js';
import { AuthService, type SignedIn } from './auth.service.js';
import { isForeignNavigation } from './cross-site.js';
import { AuthResponseDto, LoginResponseDto } from './dto/auth-response.dto.js';
import { LoginDto, TwoFactorLoginDto } from './dto/login.dto.js';
import { SignupDto } from './dto/signup.dto.js';
import {
  AuthMessageDto,
  AuthOptionsDto,
  EmailVerificationDto,
  PasswordResetDto,
  PasswordResetRequestDto,
} from './dto/account-email.dto.js';
import { AccountEmailService } from './account-email.service.js';

/** The same words whether or not an account uses the address, so the answer reveals nothing. */
export const RESET_REQUESTED =
  'If an account uses this email address, we have sent it a link to choose a new password.';

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersService,
    private readonly authenticator: RequestAuthenticator,
    private readonly config: AppConfig,
    private readonly accountEmails: AccountEmailService,
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

  /** What the sign-in screens may offer: without email, no reset link or confirmation can be sent. */
  @Public()
  @Get('auth/options')
  @ApiOkResponse({ type: AuthOptionsDto })
  options(): AuthOptionsDto {
    return { emailEnabled: this.accountEmails.emailEnabled };
  }

  @Public()
  @UseGuards(ThrottlerGuard)
  @Post('auth/password-reset')
  @HttpCode(202)
  @ApiAcceptedResponse({ type: AuthMessageDto })
  @ApiTooManyRequestsResponse()
  @ApiServiceUnavailableResponse({ description: 'Email is not set up on this server' })
  async requestPasswordReset(@Body() body: PasswordResetRequestDto): Promise<AuthMessageDto> {
    await this.accountEmails.requestPasswordReset(body.email);
    return { message: RESET_REQUESTED };
  }

  @Public()
  @UseGuards(ThrottlerGuard)
  @Post('auth/password-reset/confirm')
  @HttpCode(200)
  @ApiOkResponse({ type: AuthMessageDto })
  @ApiTooManyRequestsResponse()
  async resetPassword(@Body() body: PasswordResetDto): Promise<AuthMessageDto> {
    await this.accountEmails.resetPassword(body.token, body.password);
    return { message: 'Your password has been changed. Sign in with your new password.' };
  }

  @Roles('user')
  @ApiBearerAuth()
  @Post('auth/email-verification')
  @HttpCode(202)
  @ApiAcceptedResponse({ type: AuthMessageDto })
  @ApiTooManyRequestsResponse()
  @ApiServiceUnavailableResponse({ description: 'Email is not set up on this server' })
  async sendVerification(@CurrentUser() user: AuthUser): Promise<AuthMessageDto> {
    await this.accountEmails.sendVerification(user.id);
    return { message: 'We have sent you a link to confirm your email address.' };
  }

  @Public()
  @UseGuards(ThrottlerGuard)
  @Post('auth/email-verification/confirm')
  @HttpCode(200)
  @ApiOkResponse({ type: AuthMessageDto })
  @ApiTooManyRequestsResponse()
  async verifyEmail(@Body() body: EmailVerificationDto): Promise<AuthMessageDto> {
    await this.accountEmails.verifyEmail(body.token);
    return { message: 'Your email address is confirmed.' };
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
