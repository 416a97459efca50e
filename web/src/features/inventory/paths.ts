export { itemStaffPagePath as itemPath } from '@tapinti/contracts/inventory-api';

/** The lost-property office's pages under /org-admin (the item's page is the label's QR code). */
export const INVENTORY_PATHS = {
  items: '/org-admin/inventory',
  intake: '/org-admin/inventory/new',
  queue: '/org-admin/inventory/queue',
  settings: '/org-admin/inventory/settings',
  reports: '/org-admin/inventory/reports',
  desk: '/org-admin/inventory/desk',
} as const;

/** The desk hand-over of one item (reached from the desk's search and from the item's page). */
export const handoverPath = (itemId: string) => `/org-admin/inventory/${itemId}/handover`;
