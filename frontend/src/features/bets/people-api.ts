import type { Schemas } from '../../api/schemas';

export type PersonResult = Schemas['PersonResultDto'];
