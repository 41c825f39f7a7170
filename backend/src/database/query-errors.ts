import { QueryFailedError } from 'typeorm';

/**
 * The constraint a failed statement violated (a unique index, say), if it was a database refusal: what a
 * service asks to tell "taken" from any other failure, without knowing TypeORM's error class.
 */
export function violatedConstraint(error: unknown): string | undefined {
  return error instanceof QueryFailedError
    ? (error.driverError as { constraint?: string }).constraint
    : undefined;
}
