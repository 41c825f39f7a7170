import { createSecretKey } from 'node:crypto';
import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { ThrottlerModule } from '@nestjs/throttler';
import { DataSource } from 'typeorm';
import { RequestAuthenticator } from '../../common/auth/auth-user.js';
import { MailModule } from '../../common/mail/mail.module.js';
import { RedisConnections } from '../../common/redis/redis-connections.js';
import { AppConfig } from '../../config/app-config.js';
import { UsersModule } from '../users/index.js';
import { WalletModule } from '../wallet/index.js';
import { transactorProvider } from '../../database/transactor.js';
import { AccountEmailService } from './account-email.service.js';
import { AuthRepository } from './auth.repository.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { OidcController } from './oidc/oidc.controller.js';
import { OidcService } from './oidc/oidc.service.js';
import { authThrottlers } from './auth-throttling.js';
import { PasswordHasher } from './password-hasher.js';
import { SessionAuthenticator } from './session-authenticator.js';
import { SessionStore } from './session-store.js';
import { SessionsRepository } from './sessions.repository.js';
import { TwoFactorController } from './two-factor.controller.js';
import { TwoFactorService } from './two-factor.service.js';

/**
 * Sign-up, sign-in, sessions, OIDC, password reset and email confirmation. Not global: a module that needs sessions or password checks
 * (settings, admin, the live event stream) imports this one and sees only what it exports; the JWT
 * signer and the 2FA internals stay inside.
 */
@Module({
  imports: [
    UsersModule,
    WalletModule,
    MailModule,
    JwtModule.registerAsync({
      inject: [AppConfig],
      // A KeyObject, not the string: given a string, jsonwebtoken first tries to parse it as a public key on
      // every verification (and throws), which cost ~0.3 ms per request; pinning HS256 refuses other algorithms.
      useFactory: (config: AppConfig) => ({
        secret: createSecretKey(Buffer.from(config.jwtSecret, 'utf8')),
        signOptions: { algorithm: 'HS256', expiresIn: config.JWT_EXPIRES_IN as `${number}d` },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
    ThrottlerModule.forRootAsync({
      inject: [AppConfig, RedisConnections, DataSource],
      useFactory: authThrottlers,
    }),
  ],
  controllers: [AuthController, TwoFactorController, OidcController],
  providers: [
    transactorProvider,
    AuthRepository,
    AuthService,
    AccountEmailService,
    OidcService,
    PasswordHasher,
    SessionsRepository,
    SessionStore,
    TwoFactorService,
    { provide: RequestAuthenticator, useClass: SessionAuthenticator },
  ],
  exports: [RequestAuthenticator, AuthService, SessionStore, PasswordHasher, AccountEmailService],
})
export class AuthModule {}
