import type { Schemas } from '../../api/schemas';

/** An open challenge as its link shows it (GET /api/challenges/{code}, also signed out). */
export type Challenge = Schemas['ChallengeDto'];
export type ChallengeStatus = Challenge['status'];
