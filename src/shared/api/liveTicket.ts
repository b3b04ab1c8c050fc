import { z } from 'zod';
import { defineRoutes } from './contract';

const liveTicketResponse = z.object({
  ticket: z.string(),
  /** Seconds the ticket stays valid. */
  expiresIn: z.number(),
});

export const liveRoutes = defineRoutes({
  'POST /api/live/ticket': {
    auth: 'user',
    summary: 'A one-time ticket (30 s) for opening the live WebSocket at /api/live?ticket=…',
    reply: liveTicketResponse,
  },
});
