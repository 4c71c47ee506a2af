/** What the console's Settings tab reads from the server (GET /api/admin/settings). */
import { z } from 'zod';

export const adminSettingsSchema = z.object({
  notifyEmail: z.string().describe('Where new suggestions are e-mailed (ADMIN_NOTIFY_EMAIL), masked'),
  queueDashboard: z.boolean().describe('Whether the queue dashboard is available (Redis configured)'),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;
