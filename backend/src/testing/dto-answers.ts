import { BadRequestException } from '@nestjs/common';
import { createValidationPipe } from '../common/http/validation.pipe.js';

/**
 * What the API answers about a request body, field by field, as the validation pipe sends it: `{}` when the
 * body passes. The forms' own checks are tested against the same cases and words on the frontend.
 */
export async function fieldAnswers(body: object, dto: new () => object): Promise<Record<string, string>> {
  try {
    await createValidationPipe().transform(body, { type: 'body', metatype: dto, data: undefined });
    return {};
  } catch (error) {
    if (!(error instanceof BadRequestException)) throw error;
    const answer = error.getResponse() as { fields?: Record<string, string> };
    return answer.fields ?? {};
  }
}
