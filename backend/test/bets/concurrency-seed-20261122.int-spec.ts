import { describeRacingClients } from './racing-clients.js';

describeRacingClients(20261122);
