import { describeRacingClients } from './racing-clients.js';

describeRacingClients(42);
