import type { DashboardSummary } from '../../lib/messaging/messages';

/** A dashboard as the background lists it: `Dashboard <id>`, unpinned, editable; `fields` override. */
export const dashboardSummary = (id: number, fields: Partial<DashboardSummary> = {}): DashboardSummary => ({
  id,
  name: `Dashboard ${id}`,
  pinned: false,
  shared: false,
  canEdit: true,
  restricted: false,
  tags: [],
  ...fields,
});
