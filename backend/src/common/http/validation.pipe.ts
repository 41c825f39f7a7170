import {
  BadRequestException,
  ValidationPipe,
  type ArgumentMetadata,
  type ValidationError,
} from '@nestjs/common';
import { findLineBreakOutsideText } from './multi-line-text.js';

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
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
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

export function createValidationPipe(): ValidationPipe {
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
