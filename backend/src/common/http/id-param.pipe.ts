import { Injectable, type PipeTransform } from '@nestjs/common';
import { NotFoundError } from '../errors/domain-error.js';

/** Integer ids in paths (bets): anything that is not a positive 32-bit integer names nothing that exists. */
@Injectable()
export class IntIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    if (!/^\d{1,10}$/.test(value)) throw new NotFoundError();
    const id = Number(value);
    if (id < 1 || id > 2_147_483_647) throw new NotFoundError();
    return id;
  }
}
