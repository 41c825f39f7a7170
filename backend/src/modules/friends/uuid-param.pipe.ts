import { Injectable, type PipeTransform } from '@nestjs/common';
import { NotFoundError } from '../../common/errors/domain-error.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Uuid ids in paths (users, friend requests): anything else names nothing that exists. */
@Injectable()
export class UuidPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!UUID.test(value)) throw new NotFoundError();
    return value.toLowerCase();
  }
}
