import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import type { FastifyRequest } from 'fastify';
import { Repository } from 'typeorm';
import { RequestAuthenticator, type AuthUser } from '../../common/auth/auth-user.js';
import { User } from '../users/user.entity.js';

interface TokenClaims {
  sub: string;
}

/** Resolves the caller from an `Authorization: Bearer <jwt>` header. */
@Injectable()
export class TokenAuthenticator extends RequestAuthenticator {
  constructor(
    private readonly jwt: JwtService,
    @InjectRepository(User) private readonly users: Repository<User>,
  ) {
    super();
  }

  async authenticate(request: FastifyRequest): Promise<AuthUser | null> {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return null;
    let claims: TokenClaims;
    try {
      claims = await this.jwt.verifyAsync<TokenClaims>(header.slice('Bearer '.length).trim());
    } catch {
      return null;
    }
    const user = await this.users.findOne({ where: { id: claims.sub }, select: { id: true, isAdmin: true } });
    return user ? { id: user.id, isAdmin: user.isAdmin } : null;
  }
}
