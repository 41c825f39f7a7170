import { BadRequestException } from '@nestjs/common';
import { IsString } from 'class-validator';
import { ListQueryDto } from './list-query.dto.js';
import { createValidationPipe } from './validation.pipe.js';

class RequiredQueryDto {
  @IsString({ message: 'code is required' })
  code!: string;
}

class DefaultedQueryDto {
  @IsString()
  sort: string = 'newest';
}

describe('the validation pipe on a query', () => {
  const pipe = createValidationPipe();
  const transform = (value: object, metatype: new () => unknown): Promise<unknown> =>
    pipe.transform(value, { type: 'query', metatype, data: undefined }) as Promise<unknown>;

  it('turns an empty query into its DTO, every time, without sharing one instance', async () => {
    const first = await transform({}, ListQueryDto);
    const second = await transform(Object.create(null) as object, ListQueryDto);
    expect(first).toBeInstanceOf(ListQueryDto);
    expect(second).toBeInstanceOf(ListQueryDto);
    expect(first).not.toBe(second);
    expect(first).toEqual(new ListQueryDto());
  });

  it('still validates a query that has something in it', async () => {
    await transform({}, ListQueryDto);
    await expect(transform({ limit: '0' }, ListQueryDto)).rejects.toThrow(BadRequestException);
    await expect(transform({ limit: '20' }, ListQueryDto)).resolves.toEqual({ limit: 20 });
  });

  it('refuses an empty query whose DTO requires a field, however often it is asked', async () => {
    for (let i = 0; i < 2; i += 1) {
      await expect(transform({}, RequiredQueryDto)).rejects.toThrow('code is required');
    }
  });

  it('fills the defaults of a DTO that has them', async () => {
    for (let i = 0; i < 2; i += 1) {
      await expect(transform({}, DefaultedQueryDto)).resolves.toEqual({ sort: 'newest' });
    }
  });
});
