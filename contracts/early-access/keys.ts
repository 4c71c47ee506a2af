/**
 * The early-access read paths under /api that the server also writes into a page's first render, without
 * zod (see contracts/catalogue/keys.ts): the SPA's SWR key and the server's initial-data key must be the same.
 */

/** GET /api/early-access/status: the spots taken and the mode (Early Explorers or wait-list). */
export const earlyAccessStatusKey = '/early-access/status';
