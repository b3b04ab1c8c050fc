import { z } from 'zod';
import { defineRoutes } from './contract';
import { idString } from './common';
import {
  REPORT_DETAILS_MAX,
  REPORT_NOTE_MAX,
  reportActions,
  reportReasons,
  reportTargetTypes,
} from '../reports';

/** Reports (DESIGN.md section 13): any player reports; moderators, then admins, resolve. */

const reportBody = z.strictObject({
  targetType: z.enum(reportTargetTypes, {
    error: `targetType must be one of ${reportTargetTypes.join(', ')}`,
  }),
  targetId: idString('targetId'),
  reason: z.enum(reportReasons, { error: `reason must be one of ${reportReasons.join(', ')}` }),
  details: z
    .string({ error: 'details must be text' })
    .trim()
    .max(REPORT_DETAILS_MAX, `details must be at most ${REPORT_DETAILS_MAX} characters`)
    .default(''),
});

const resolveBody = z.strictObject({
  action: z.enum(reportActions, { error: `action must be one of ${reportActions.join(', ')}` }),
  note: z
    .string({ error: 'note must be text' })
    .trim()
    .max(REPORT_NOTE_MAX, `note must be at most ${REPORT_NOTE_MAX} characters`)
    .default(''),
});

const listQuery = z.strictObject({
  status: z
    .enum(['open', 'resolved'], { error: 'status must be open or resolved' })
    .default('open'),
  targetType: z
    .enum(reportTargetTypes, { error: `targetType must be one of ${reportTargetTypes.join(', ')}` })
    .optional(),
  cursor: z
    .string({ error: 'cursor must be text' })
    .regex(/^[1-9][0-9]{0,15}$/, 'cursor must be the last _id of the previous page')
    .optional(),
});

const slugParam = z
  .string()
  .min(1, 'slug is required')
  .max(100, 'slug must be at most 100 characters');
const adminReportParams = z.strictObject({ id: idString('id') });
const communityReportParams = z.strictObject({ slug: slugParam, id: idString('id') });

const reportDto = z.object({
  _id: z.string(),
  targetType: z.enum(reportTargetTypes),
  targetId: z.string(),
  /** What was reported as it read when reported (a name, title or the start of a post), and where it is. */
  target: z.object({ label: z.string(), link: z.string().nullable() }),
  reason: z.enum(reportReasons),
  details: z.string(),
  /** The reporter's name (null once their account is gone). */
  reporter: z.string().nullable(),
  status: z.enum(['open', 'resolved']),
  /** Who decides: the community's moderators (its posts and comments, for 24 hours) or the admins. */
  queue: z.enum(['moderators', 'admins']),
  /** The community whose moderators see it (posts and comments), by slug. */
  community: z.string().nullable(),
  createdAt: z.string(),
  escalatedAt: z.string().nullable(),
  resolution: z
    .object({
      action: z.enum(reportActions),
      note: z.string(),
      by: z.string().nullable(),
      at: z.string(),
    })
    .nullable(),
});
export type ReportDto = z.infer<typeof reportDto>;

const reportPage = z.object({ reports: z.array(reportDto), nextCursor: z.string().nullable() });
const reportReply = z.object({ message: z.string(), report: reportDto });

export const reportsRoutes = defineRoutes({
  'POST /api/reports': {
    auth: 'user',
    summary:
      'Report a player, service, post, comment, bet or community (10 an hour; one open report per target)',
    body: reportBody,
    reply: z.object({ message: z.string(), _id: z.string() }),
    status: 201,
  },
  'GET /api/communities/:slug/reports': {
    auth: 'user',
    summary: "Reports on a community's posts and comments (its moderators), oldest open first",
    params: z.strictObject({ slug: slugParam }),
    query: listQuery,
    reply: reportPage,
  },
  'POST /api/communities/:slug/reports/:id/resolve': {
    auth: 'user',
    summary: "Resolve a report on the community's content (its moderators)",
    params: communityReportParams,
    body: resolveBody,
    reply: reportReply,
  },
  'POST /api/communities/:slug/reports/:id/escalate': {
    auth: 'user',
    summary: 'Hand a report on the community content to the site admins (its moderators)',
    params: communityReportParams,
    reply: reportReply,
  },
  'GET /api/admin/reports': {
    auth: 'admin',
    summary:
      "The admins' report queue: open ones oldest first, resolved ones newest first, a page at a time",
    query: listQuery,
    reply: reportPage,
  },
  'POST /api/admin/reports/:id/resolve': {
    auth: 'admin',
    summary: 'Resolve a report with the action taken; the reporter is told',
    params: adminReportParams,
    body: resolveBody,
    reply: reportReply,
  },
});
