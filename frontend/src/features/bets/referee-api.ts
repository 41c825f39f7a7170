import type { Schemas } from '../../api/schemas';

export type RefereeRecord = Schemas['RefereeRecordDto'];
