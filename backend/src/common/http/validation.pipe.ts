import {
  BadRequestException,
  ValidationPipe,
  type ArgumentMetadata,
  type ValidationError,
} from '@nestjs/common';
import { isDeepStrictEqual } from 'node:util';
import { findLineBreakOutsideText } from './multi-line-text.js';
import { cacheValidationMetadata } from './validation-metadata-cache.js';

function firstMessages(errors: ValidationError[], parent = ''): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    // class-validator runs a property's decorators bottom-up; the message shown is the top-most failing
    // one, so a DTO lists its checks in the order a person should hear about them.
    const messages = Object.values(error.constraints ?? {});
    if (messages.length > 0) fields[path] = messages[messages.length - 1] ?? '';
    Object.assign(fields, firstMessages(error.children ?? [], path));
  }
  return fields;
}

/**
 * Whitelisting with unknown fields refused, so a body can never set what its DTO does not declare
 * (isAdmin, balance, ...). The answer carries the first message per field, for forms to show.
 */
/**
 * Before validating a body, refuses tabs and line breaks in fields that are not multi-line text (the
 * hostile-input hook has already refused every other control character everywhere).
 */
class BetwixtValidationPipe extends ValidationPipe {
  /** Query DTOs for which an empty query is valid and comes out as a fresh instance, defaults and all. */
  private readonly emptyQueryIsPlain = new WeakMap<object, boolean>();

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    // Most list requests carry no query at all; class-transformer and class-validator would spend ~50 µs
    // finding that out again each time. The answer for `{}` is worked out once per DTO the regular way.
    const { metatype } = metadata;
    if (metadata.type === 'query' && metatype && hasNoKeys(value)) {
      const fresh = (): object => new (metatype as new () => object)();
      let plain = this.emptyQueryIsPlain.get(metatype);
      if (plain === undefined) {
        plain = await (super.transform({}, metadata) as Promise<object>).then(
          (empty) =>
            empty instanceof metatype && isDeepStrictEqual(Object.entries(empty), Object.entries(fresh())),
          () => false,
        );
        this.emptyQueryIsPlain.set(metatype, plain);
      }
      if (plain) return fresh();
    }
    if (metadata.type === 'body' && metadata.metatype) {
      const problem = findLineBreakOutsideText(value, metadata.metatype);
      if (problem)
        throw new BadRequestException({
          message: problem.message,
          fields: { [problem.field]: problem.message },
        });
    }
    return super.transform(value, metadata) as Promise<unknown>;
  }
}

function hasNoKeys(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}

export function createValidationPipe(): ValidationPipe {
  cacheValidationMetadata();
  return new BetwixtValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => {
      const fields = firstMessages(errors);
      const message = Object.values(fields)[0] ?? 'Invalid request';
      return new BadRequestException({ message, fields });
    },
  });
}
