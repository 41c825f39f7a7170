import { InitialSchema1795374864630 } from './1795374864630-InitialSchema.js';

/** Applied in this order; new migrations are appended. */
export const MIGRATIONS = [InitialSchema1795374864630];
