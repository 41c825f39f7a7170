import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { User } from './user.entity.js';
import { RelationsService } from './relations.service.js';
import { UsersService } from './users.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([User])],
  providers: [RelationsService, UsersService],
  exports: [RelationsService, UsersService, TypeOrmModule],
})
export class UsersModule {}
