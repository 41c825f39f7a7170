import { Global, Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RequestAuthenticator } from '../../common/auth/auth-user.js';
import { AppConfig } from '../../config/app-config.js';
import { User } from '../users/user.entity.js';
import { TokenAuthenticator } from './token-authenticator.js';

@Global()
@Module({
  imports: [
    TypeOrmModule.forFeature([User]),
    JwtModule.registerAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        secret: config.jwtSecret,
        signOptions: { expiresIn: config.JWT_EXPIRES_IN as `${number}h` },
      }),
    }),
  ],
  providers: [{ provide: RequestAuthenticator, useClass: TokenAuthenticator }],
  exports: [RequestAuthenticator, JwtModule],
})
export class AuthModule {}
