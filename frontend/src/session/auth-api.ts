import type { Schemas } from '../api/schemas';
import { isApiError } from '../lib/errors';

export type SignupInput = Schemas['SignupDto'];

export { isApiError };
